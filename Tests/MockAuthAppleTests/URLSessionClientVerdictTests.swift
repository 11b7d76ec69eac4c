#if canImport(Security)
    import MockAuthTesting
    import Security
    import Testing

    /// ``URLSessionClient`` and its delegate, ``URLSessionChallengeAnswerer``, judged by the servers
    /// as `mockauthd check` judges a client. A careful URLSession client passes each of these; the
    /// rejection scenarios pass only if their control (tls-valid, tls-pin-reissued) passes too.
    ///
    /// Where Apple's behaviour is not documented, the test judges the ``AppleAssumption`` it rests
    /// on: a failure names the assumption, and the jobs' report says which held.
    @Suite("URLSessionClient judged as mockauthd check judges it")
    struct URLSessionClientVerdictTests {
        @Test(
            "reaches localhost over TLS with the delegate's trust, and answers Basic: tls-valid and basic pass",
            arguments: ["tls-valid", "basic"])
        func reachesLocalhost(_ name: String) async throws {
            let run = try await judged(name, with: URLSessionClient())
            await AppleAssumption.atsAllowsLocalhost.check { run.observe(.pass) }
        }

        @Test(
            "gets the verdict a careful client gets: trust in the given anchors only, pins, a client certificate",
            arguments: [
                "tls-expired", "tls-wrong-host", "tls-untrusted-root", "tls-self-signed", "tls-pin-mismatch",
                "tls-pin-reissued", "tls-client-cert-required",
            ])
        func verdict(_ name: String) async throws {
            // It rests on ats-allows-localhost (reachesLocalhost); the verdicts are MockAuthClients' own.
            let run = try await judged(name, with: URLSessionClient())
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }

        @Test("tls-incomplete-chain passes: the missing intermediate is not fetched")
        func incompleteChain() async throws {
            let run = try await judged("tls-incomplete-chain", with: URLSessionClient())
            await AppleAssumption.noIntermediateFetching.check { run.observe(.pass) }
        }

        @Test("tls-cross-signed passes with both anchors")
        func crossSigned() async throws {
            let run = try await judged("tls-cross-signed", with: URLSessionClient())
            await AppleAssumption.crossSignedPathToTrustedRoot.check { run.observe(.pass) }
        }

        @Test("tls-client-cert-selection passes: the identity is chosen by the CAs the server names")
        func clientCertificateSelection() async throws {
            let run = try await judged("tls-client-cert-selection", with: URLSessionClient())
            await AppleAssumption.distinguishedNamesFromRequest.check { run.observe(.pass) }
        }

        @Test("digest-md5 passes: the system answers Digest with MD5")
        func digestMD5() async throws {
            let run = try await judged("digest-md5", with: URLSessionClient())
            await AppleAssumption.digestMD5.check { run.observe(.pass) }
        }

        @Test("digest-sha256: a known issue until a job shows the system answers SHA-256")
        func digestSHA256() async throws {
            let run = try await judged("digest-sha256", with: URLSessionClient())
            await AppleAssumption.digestSHA256.check { run.observe(.pass) }
        }

        @Test("ntlm passes: NTLMv2 on one connection, with the domain")
        func ntlm() async throws {
            let run = try await judged("ntlm", with: URLSessionClient())
            await AppleAssumption.ntlmV2WithDomain.check { run.observe(.pass) }
        }

        @Test(
            "the cookie scenarios pass: the ephemeral session keeps cookies in its own store, within their Path, and removes deleted ones",
            arguments: ["cookie-returned", "cookie-path-scoped", "cookie-deleted"])
        func cookies(_ name: String) async throws {
            let run = try await judged(name, with: URLSessionClient())
            await AppleAssumption.cookiesKeptByEphemeralSession.check { run.observe(.pass) }
        }
    }
#endif
