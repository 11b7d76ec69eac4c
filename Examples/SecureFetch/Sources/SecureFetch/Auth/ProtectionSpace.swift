/// Where a set of credentials is valid: a realm on one origin (URL scheme, host and port), as
/// CFNetwork's `URLProtectionSpace` and RFC 9110 section 11.5 define it.
///
/// Credentials for one protection space are never offered to another: not to another realm of the
/// same host, and not to another host a redirect leads to.
public struct ProtectionSpace: Hashable, Sendable, CustomStringConvertible {
    /// `https` or `http`.
    public var scheme: String
    /// The host, lowercased.
    public var host: String
    /// The port.
    public var port: Int
    /// The realm the server names in its challenge.
    public var realm: String

    public init(scheme: String, host: String, port: Int, realm: String) {
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.port = port
        self.realm = realm
    }

    /// The protection space of `realm` on the origin of `url`.
    ///
    /// ```swift
    /// let space = try ProtectionSpace(url: "https://127.0.0.1:8443/a/", realm: "alpha")
    /// ```
    public init(url: String, realm: String) throws {
        self = try RequestTarget(url).protectionSpace(realm: realm)
    }

    public var description: String { "\(scheme)://\(host):\(port) realm \"\(realm)\"" }
}
