import MockAuthScenario

/// Where one scenario server listens.
public struct ServerEndpoint: Sendable, Equatable {
    /// The server's id in the scenario.
    public let server: String
    /// The loopback name the scenario gives the server (`127.0.0.1` or `localhost`).
    public let host: ListenHost
    /// The host clients are told to use: ``host``'s name, or the name another machine reaches
    /// this one by (``ServerAddressing/hostNames``).
    public let urlHost: String
    /// The port, chosen by the system or fixed (``PortAllocator``).
    public let port: Int
    /// `https` or `http`.
    public let scheme: String
    /// Whether the server also listens on `::1` (for `localhost`).
    package let listensOnIPv6: Bool
    /// The address a name under `.test` stands for (where the server listens), for
    /// ``hostMappings``.
    package let address: String
    /// Other names under `.test` that reach this server (``ServerSpec/aliases``).
    public let aliases: [String]

    package init(
        server: String, host: ListenHost, urlHost: String? = nil, port: Int, scheme: String, listensOnIPv6: Bool,
        address: String = "127.0.0.1", aliases: [String] = []
    ) {
        self.server = server
        self.host = host
        self.urlHost = urlHost ?? host.name
        self.port = port
        self.scheme = scheme
        self.listensOnIPv6 = listensOnIPv6
        self.address = address
        self.aliases = aliases
    }

    /// Every name under `.test` a client may look up for this server: the forms of its own name
    /// (``ListenHost/resolvableNames``), then its aliases.
    public var resolvableNames: [String] { host.resolvableNames + aliases }

    /// How a client resolves each of ``resolvableNames``: empty unless the scenario names the
    /// server under `.test`.
    public var hostMappings: [HostMapping] {
        resolvableNames.map { HostMapping(name: $0, port: port, address: address) }
    }

    /// The base URL, e.g. `https://127.0.0.1:49152` (an IPv6 host in brackets).
    public var baseURL: String { baseURL(scheme: scheme) }

    /// The base URL with `scheme` instead of the server's own (`http://` for a TLS server's port).
    public func baseURL(scheme: String) -> String {
        let shown = urlHost.contains(":") && !urlHost.hasPrefix("[") ? "[\(urlHost)]" : urlHost
        return "\(scheme)://\(shown):\(port)"
    }

    /// The URL of `path` on this server, with `scheme` when given instead of the server's own.
    public func url(path: String, scheme: String? = nil) -> String {
        baseURL(scheme: scheme ?? self.scheme) + (path.hasPrefix("/") ? path : "/" + path)
    }
}
