/// The SOCKS5 negotiation on one connection to a SOCKS proxy (RFC 1928, RFC 1929), as the proxy
/// saw it: the methods the client offered, the one the proxy chose, the username/password step if
/// there was one, and the CONNECT (its address type and target) with the proxy's reply. What went
/// through the tunnel is recorded by the origin that received it.
public struct SOCKSRecord: Sendable, Codable, Hashable {
    /// How a CONNECT names its target (RFC 1928 §5, `ATYP`).
    public enum AddressType: String, Sendable, Codable, Hashable {
        /// `0x01`: four bytes; the client resolved the name itself (or was given an address).
        case ipv4
        /// `0x04`: sixteen bytes.
        case ipv6
        /// `0x03`: the name, for the proxy to resolve (`socks5h://`, curl's `--socks5-hostname`).
        case domainName = "domain-name"
    }

    /// The methods of the client's greeting, in its order, by name (`no-authentication`,
    /// `gssapi`, `username-password`, or `0xNN`).
    public var methodsOffered: [String]
    /// The method the proxy chose, or `no-acceptable-methods` when it chose none; `nil` before it
    /// answered.
    public var methodChosen: String?
    /// The username of the RFC 1929 step, when the client took it (the password is never kept).
    public var username: String?
    /// Whether the RFC 1929 step accepted the client's username and password.
    public var authenticated: Bool?
    /// The CONNECT's address type, when a request arrived.
    public var addressType: AddressType?
    /// The CONNECT's target as sent: `127.0.0.1:8443`, `[::1]:8443` or `api.mockauth.test:8443`.
    public var target: String?
    /// The proxy's reply (`succeeded`, `connection-not-allowed`, `host-unreachable`,
    /// `command-not-supported` …), when it sent one.
    public var reply: String?

    package init(
        methodsOffered: [String] = [], methodChosen: String? = nil, username: String? = nil,
        authenticated: Bool? = nil, addressType: AddressType? = nil, target: String? = nil, reply: String? = nil
    ) {
        self.methodsOffered = methodsOffered
        self.methodChosen = methodChosen
        self.username = username
        self.authenticated = authenticated
        self.addressType = addressType
        self.target = target
        self.reply = reply
    }
}
