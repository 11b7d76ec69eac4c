/// What an NTLM server announces and accepts.
public struct NTLMConfiguration: Sendable, Equatable {
    /// The only accepted user name (compared case-insensitively, as Windows does).
    public var username: String
    /// The password for `username`.
    public var password: String
    /// NetBIOS domain name: the type 2 target name and MsvAvNbDomainName.
    public var domain: String
    /// MsvAvNbComputerName.
    public var computerName: String
    /// MsvAvDnsDomainName.
    public var dnsDomainName: String
    /// MsvAvDnsComputerName.
    public var dnsComputerName: String
    /// A fixed 8-byte server challenge (tests); `nil` draws one from the random source per handshake.
    /// Other lengths are zero-padded or truncated to 8 bytes.
    public var fixedServerChallenge: [UInt8]?
    /// Accept 24-byte NTLMv1 responses. Off by default.
    public var acceptNTLMv1: Bool
    /// Require the client's domain to equal `domain` (case-insensitively). Off by default: NTOWFv2 uses the
    /// domain as the client sent it.
    public var requireDomainMatch: Bool
    /// Treat later requests on an authenticated connection as authenticated without new credentials (as IIS does).
    public var persistAuthenticationOnConnection: Bool
    /// Include MsvAvTimestamp in the target info.
    public var includeTimestamp: Bool
    /// Further accounts the server verifies besides `username` (user name to password), so that a
    /// scenario can have a client authenticate as two users.
    public var otherAccounts: [String: String] = [:]

    /// The password of `user` (compared case-insensitively, as Windows does), if it has an account.
    public func password(of user: String) -> String? {
        let wanted = NTLMStrings.uppercased(user)
        if wanted == NTLMStrings.uppercased(username) { return password }
        return otherAccounts.first { NTLMStrings.uppercased($0.key) == wanted }?.value
    }

    /// Creates a configuration.
    public init(
        username: String,
        password: String,
        domain: String = "DOMAIN",
        computerName: String = "SERVER",
        dnsDomainName: String = "domain.test",
        dnsComputerName: String = "server.domain.test",
        fixedServerChallenge: [UInt8]? = nil,
        acceptNTLMv1: Bool = false,
        requireDomainMatch: Bool = false,
        persistAuthenticationOnConnection: Bool = true,
        includeTimestamp: Bool = true
    ) {
        self.username = username
        self.password = password
        self.domain = domain
        self.computerName = computerName
        self.dnsDomainName = dnsDomainName
        self.dnsComputerName = dnsComputerName
        self.fixedServerChallenge = fixedServerChallenge
        self.acceptNTLMv1 = acceptNTLMv1
        self.requireDomainMatch = requireDomainMatch
        self.persistAuthenticationOnConnection = persistAuthenticationOnConnection
        self.includeTimestamp = includeTimestamp
    }
}
