import MockAuthScenario
import MockAuthSchemes

extension AuthSpec {
    /// The scheme machines' configurations, in offer order. Consecutive Digest schemes share one
    /// machine, which offers one challenge per algorithm.
    func schemeConfigurations(isProxy: Bool) -> [SchemeConfiguration] {
        let account = self.account
        var ntlm = NTLMConfiguration(
            username: account.username, password: account.password, domain: account.domain ?? "MOCKAUTH",
            computerName: "MOCKAUTH", dnsDomainName: "mockauth.test", dnsComputerName: "server.mockauth.test",
            acceptNTLMv1: acceptNTLMv1, emptyDomain: emptyDomain)
        ntlm.otherAccounts = otherAccounts
        var configurations: [SchemeConfiguration] = []
        var digestAlgorithms: [DigestAlgorithm] = []
        func flushDigest() {
            guard !digestAlgorithms.isEmpty else { return }
            configurations.append(
                .digest(
                    DigestConfiguration(
                        realm: realm, username: account.username, password: account.password,
                        algorithms: digestAlgorithms,
                        qops: digestQOP.compactMap(DigestQualityOfProtection.init(rawValue:)),
                        acceptMissingQOP: digestQOP.isEmpty, nonceLifetime: Double(nonceLifetime),
                        offerUserhash: userhash, isProxy: isProxy)))
            digestAlgorithms = []
        }
        for scheme in schemes {
            switch scheme {
            case .digestMD5: digestAlgorithms.append(.md5)
            case .digestMD5Session: digestAlgorithms.append(.md5Session)
            case .digestSHA256: digestAlgorithms.append(.sha256)
            case .digestSHA256Session: digestAlgorithms.append(.sha256Session)
            case .digestSHA512_256: digestAlgorithms.append(.sha512_256)
            case .digestSHA512_256Session: digestAlgorithms.append(.sha512_256Session)
            case .basic:
                flushDigest()
                configurations.append(
                    .basic(BasicConfiguration(realm: realm, username: account.username, password: account.password)))
            case .ntlm:
                flushDigest()
                configurations.append(.ntlm(ntlm))
            case .negotiate:
                flushDigest()
                configurations.append(.negotiate(NegotiateConfiguration(ntlm: ntlm, isProxy: isProxy)))
            case .bearer:
                flushDigest()
                configurations.append(.bearer(BearerConfiguration(realm: realm, validTokens: token.map { [$0] } ?? [])))
            }
        }
        flushDigest()
        return configurations
    }
}
