/// The SOCKS5 negotiation on one connection to a SOCKS proxy (RFC 1928, RFC 1929), as the proxy
/// saw it: the methods the client offered, the one the proxy chose, the username/password step if
/// there was one, and the CONNECT (its address type and target) with the proxy's reply; or, when
/// the client sent something else, what it was (``firstByte``, ``httpRequest``). What went through
/// the tunnel is recorded by the origin that received it. Every connection to a SOCKS proxy has
/// one, empty until the client sends something.
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
    /// The username of the RFC 1929 step, when the client took it (the password is never kept),
    /// also when the step was malformed but its username could be read.
    public var username: String?
    /// Whether the RFC 1929 step accepted the client's username and password; `nil` when there was
    /// no step, or a ``malformedStep``.
    public var authenticated: Bool?
    /// What made the client's RFC 1929 step unreadable, when it was (`an empty password`, `version
    /// 5, not 1` …): the proxy closed the connection without an answer. Such a step is an attempt
    /// all the same.
    public var malformedStep: String?
    /// The client's first byte, when it is not 5, the version every SOCKS5 greeting opens with (RFC
    /// 1928 §3): the client did not speak SOCKS5 at all (`0x43`, the `C` of an HTTP `CONNECT`;
    /// `0x16`, a TLS handshake record; `0x04`, SOCKS4).
    public var firstByte: UInt8?
    /// The method and target of the HTTP request line the client sent instead of a greeting, when
    /// it sent one (`CONNECT 127.0.0.1:8443`): a client that took the proxy for an HTTP proxy.
    public var httpRequest: String?
    /// The CONNECT's address type, when a request arrived.
    public var addressType: AddressType?
    /// The CONNECT's target as sent: `127.0.0.1:8443`, `[::1]:8443` or `api.mockauth.test:8443`.
    public var target: String?
    /// The proxy's reply (`succeeded`, `connection-not-allowed`, `host-unreachable`,
    /// `command-not-supported` …), when it sent one.
    public var reply: String?

    package init(
        methodsOffered: [String] = [], methodChosen: String? = nil, username: String? = nil,
        authenticated: Bool? = nil, malformedStep: String? = nil, addressType: AddressType? = nil,
        target: String? = nil, reply: String? = nil, firstByte: UInt8? = nil, httpRequest: String? = nil
    ) {
        self.methodsOffered = methodsOffered
        self.methodChosen = methodChosen
        self.username = username
        self.authenticated = authenticated
        self.malformedStep = malformedStep
        self.addressType = addressType
        self.target = target
        self.reply = reply
        self.firstByte = firstByte
        self.httpRequest = httpRequest
    }

    /// Whether the client took RFC 1929's username/password step: the proxy accepted or refused it,
    /// or could not read it.
    package var tookPasswordStep: Bool { authenticated != nil || malformedStep != nil }

    /// Whether the proxy did not accept the client's RFC 1929 step: it refused the username and
    /// password, or could not read them.
    package var passwordStepFailed: Bool { authenticated == false || malformedStep != nil }
}
