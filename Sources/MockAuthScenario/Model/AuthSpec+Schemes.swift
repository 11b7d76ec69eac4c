import MockAuthSchemes

extension AuthSpec {
    /// The scheme machines' configurations, in offer order, for the gate of an origin or of a proxy
    /// (`side`): the one translation of a scenario's `auth:` into what the schemes verify, so that a
    /// server receives them ready. Consecutive Digest schemes share one machine, which offers one
    /// challenge per algorithm.
    ///
    /// - Parameters:
    ///   - kerberos: how Negotiate verifies tickets, when the run's realm issues them for this
    ///     space's server.
    ///   - ledger: the token endpoint's ledger, for a space with ``tokenEndpoint``: its Bearer scheme
    ///     accepts the tokens the ledger holds.
    package func schemeConfigurations(
        side: ChallengeSide, kerberos: KerberosVerification? = nil, ledger: TokenLedger? = nil
    ) -> [SchemeConfiguration] {
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
                        offerUserhash: userhash, mintsOpaque: mintsDigestOpaque, sendNextNonce: nextNonce,
                        side: side)))
            digestAlgorithms = []
        }
        for scheme in schemes {
            if let algorithm = scheme.digestAlgorithm {
                digestAlgorithms.append(algorithm)
                continue
            }
            flushDigest()
            switch scheme {
            case .digestMD5, .digestMD5Session, .digestSHA256, .digestSHA256Session, .digestSHA512_256,
                .digestSHA512_256Session:
                continue  // appended above
            case .basic:
                configurations.append(
                    .basic(BasicConfiguration(realm: realm, username: account.username, password: account.password)))
            case .ntlm:
                configurations.append(.ntlm(ntlm))
            case .negotiate:
                configurations.append(.negotiate(NegotiateConfiguration(ntlm: ntlm, side: side, kerberos: kerberos)))
            case .bearer:
                configurations.append(
                    .bearer(BearerConfiguration(realm: realm, validTokens: token.map { [$0] } ?? [], ledger: ledger)))
            }
        }
        flushDigest()
        return configurations
    }
}
