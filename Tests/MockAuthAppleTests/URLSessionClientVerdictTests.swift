#if canImport(Security)
    import MockAuthTesting
    import Testing

    /// ``URLSessionClient`` and its delegate, ``URLSessionChallengeAnswerer``, judged by the servers
    /// as `mockauthd check` judges a client. A careful URLSession client passes each of these; the
    /// rejection scenarios pass only if their control (tls-valid, tls-pin-reissued) passes too.
    ///
    /// Where Apple's behaviour is not documented, the test's name states what it assumes, so that a
    /// failure on the macOS job reads as an assumption to confirm or correct.
    @Suite("URLSessionClient judged as mockauthd check judges it")
    struct URLSessionClientVerdictTests {
        @Test(
            "gets the verdict a careful client gets: trust in the given anchors only, pins, a client certificate, Basic (assumes ATS leaves the trust of loopback hosts to the delegate)",
            arguments: [
                ("tls-valid", VerdictResult.pass), ("tls-expired", .pass), ("tls-wrong-host", .pass),
                ("tls-untrusted-root", .pass), ("tls-self-signed", .pass), ("tls-pin-mismatch", .pass),
                ("tls-pin-reissued", .pass), ("tls-client-cert-required", .pass), ("basic", .pass),
            ])
        func verdict(_ name: String, expected: VerdictResult) async throws {
            let run = try await judged(name, with: URLSessionClient())
            #expect(run.verdict.result == expected, "\(run.explanation)")
        }

        @Test(
            "tls-incomplete-chain passes (assumes the system neither fetches the missing intermediate by AIA nor completes the chain from a cache)"
        )
        func incompleteChain() async throws {
            let run = try await judged("tls-incomplete-chain", with: URLSessionClient())
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }

        @Test(
            "tls-cross-signed passes with both anchors (assumes SecTrust builds the path to the trusted root rather than the served one to the expired root)"
        )
        func crossSigned() async throws {
            let run = try await judged("tls-cross-signed", with: URLSessionClient())
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }

        @Test(
            "tls-client-cert-selection passes (assumes URLSession fills distinguishedNames with the CA names of the server's certificate request)"
        )
        func clientCertificateSelection() async throws {
            let run = try await judged("tls-client-cert-selection", with: URLSessionClient())
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }

        @Test("digest-sha256 passes (assumes URLSession answers a Digest challenge with algorithm=SHA-256)")
        func digestSHA256() async throws {
            let run = try await judged("digest-sha256", with: URLSessionClient())
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }

        @Test(
            "ntlm passes (assumes URLSession answers with NTLMv2 on one connection and takes the domain as DOMAIN\\user)"
        )
        func ntlm() async throws {
            let run = try await judged("ntlm", with: URLSessionClient())
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }

        @Test(
            "proxy-connect passes through an HTTP CONNECT ProxyConfiguration (assumes the proxy's 407 reaches the task delegate as a proxy protection space)"
        )
        func proxyConnect() async throws {
            let run = try await judged("proxy-connect", with: URLSessionClient())
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }

        @Test(
            "the HTTPS-proxy scenarios pass through an HTTP CONNECT ProxyConfiguration with TLS options (assumes the verify block decides the proxy's trust, and proxy-https-auth's 407 reaches the task delegate as a proxy protection space)",
            arguments: ["proxy-https", "proxy-https-expired", "proxy-https-wrong-host", "proxy-https-auth"])
        func httpsProxy(_ name: String) async throws {
            let run = try await judged(name, with: URLSessionClient())
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }

        @Test(
            "the SOCKS5 scenarios pass through a SOCKSv5 ProxyConfiguration (assumes applyCredential answers RFC 1929's username/password step)",
            arguments: ["socks5", "socks5-auth"])
        func socks(_ name: String) async throws {
            let run = try await judged(name, with: URLSessionClient())
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }

        @Test(
            "the cookie scenarios on 127.0.0.1 pass (assumes the ephemeral session keeps cookies in its own store, sends them back within their Path only, and removes one the server deletes, unlike FoundationNetworking 6.3.1)",
            arguments: ["cookie-returned", "cookie-path-scoped", "cookie-deleted"])
        func cookies(_ name: String) async throws {
            let run = try await judged(name, with: URLSessionClient())
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }
    }
#endif
