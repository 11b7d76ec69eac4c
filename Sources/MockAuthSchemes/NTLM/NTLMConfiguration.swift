import MockAuthVocabulary

/// What an NTLM server announces and accepts.
package struct NTLMConfiguration: Sendable, Equatable {
    /// The only accepted user name (compared case-insensitively, as Windows does).
    package var username: String
    /// The password for `username`.
    package var password: String
    /// NetBIOS domain name: the type 2 target name and MsvAvNbDomainName.
    package var domain: String
    /// MsvAvNbComputerName.
    package var computerName: String
    /// MsvAvDnsDomainName.
    package var dnsDomainName: String
    /// MsvAvDnsComputerName.
    package var dnsComputerName: String
    /// A fixed 8-byte server challenge (tests); `nil` draws one from the random source per handshake.
    /// Other lengths are zero-padded or truncated to 8 bytes.
    package var fixedServerChallenge: [UInt8]?
    /// Accept 24-byte NTLMv1 responses. Off by default.
    package var acceptNTLMv1: Bool
    /// What an AUTHENTICATE message with an empty domain means. A domain the client names must be
    /// the account's (case-insensitively), or the message is refused like a wrong password; NTOWFv2
    /// is computed over the domain as the client sent it either way.
    package var emptyDomain: NTLMEmptyDomain
    /// Treat later requests on an authenticated connection as authenticated without new credentials (as IIS does).
    package var persistAuthenticationOnConnection: Bool
    /// Include MsvAvTimestamp in the target info.
    package var includeTimestamp: Bool
    /// Further accounts the server verifies besides `username`, so that a scenario can have a client
    /// authenticate as two users; one without a domain is in the server's (`domain`).
    package var otherAccounts: [Account] = []

    /// The account of `user` (compared case-insensitively, as Windows does), with its domain (the
    /// server's when it names none), if it has one.
    package func account(of user: String) -> Account? {
        let wanted = NTLMStrings.uppercased(user)
        if wanted == NTLMStrings.uppercased(username) {
            return Account(username: username, password: password, domain: domain)
        }
        return otherAccounts.first { NTLMStrings.uppercased($0.username) == wanted }.map { account in
            Account(username: account.username, password: account.password, domain: account.domain ?? domain)
        }
    }

    /// Creates a configuration.
    package init(
        username: String,
        password: String,
        domain: String = "DOMAIN",
        computerName: String = "SERVER",
        dnsDomainName: String = "domain.test",
        dnsComputerName: String = "server.domain.test",
        fixedServerChallenge: [UInt8]? = nil,
        acceptNTLMv1: Bool = false,
        emptyDomain: NTLMEmptyDomain = .serversOwn,
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
        self.emptyDomain = emptyDomain
        self.persistAuthenticationOnConnection = persistAuthenticationOnConnection
        self.includeTimestamp = includeTimestamp
    }
}
