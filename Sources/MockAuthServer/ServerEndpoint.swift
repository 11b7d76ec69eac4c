import MockAuthScenario

/// Where one scenario server listens.
public struct ServerEndpoint: Sendable, Equatable {
    /// The server's id in the scenario.
    public let server: String
    /// The host name clients use (`127.0.0.1` or `localhost`).
    public let host: ListenHost
    /// The port, chosen by the system.
    public let port: Int
    /// `https` or `http`.
    public let scheme: String
    /// Whether the server also listens on `::1` (for `localhost`).
    public let listensOnIPv6: Bool

    /// The base URL, e.g. `https://127.0.0.1:49152`.
    public var baseURL: String { "\(scheme)://\(host.name):\(port)" }

    /// The URL of `path` on this server.
    public func url(path: String) -> String {
        baseURL + (path.hasPrefix("/") ? path : "/" + path)
    }
}
