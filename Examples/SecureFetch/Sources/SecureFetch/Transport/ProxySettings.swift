import Foundation

/// An HTTP forward proxy: `https` URLs go through a CONNECT tunnel (TLS still runs end to end with
/// the origin, under the client's ``TrustPolicy``), `http` URLs in absolute form.
public struct ProxySettings: Sendable {
    public var host: String
    public var port: Int
    /// Credentials sent as `Proxy-Authorization: Basic` to the proxy, and only to it.
    public var credential: Credential?

    public init(host: String, port: Int, credential: Credential? = nil) {
        self.host = host
        self.port = port
        self.credential = credential
    }

    /// The proxy at `url` (`http://host:port`).
    ///
    /// ```swift
    /// let proxy = try ProxySettings(url: "http://127.0.0.1:3128", credential: Credential(user: "u", password: "p"))
    /// ```
    public init(url: String, credential: Credential? = nil) throws {
        guard let parsed = URL(string: url), let host = parsed.host, !host.isEmpty else {
            throw SecureFetchError(.invalidURL, "\"\(url)\" is not a proxy URL (write http://host:port)")
        }
        self.init(host: host, port: parsed.port ?? 80, credential: credential)
    }
}
