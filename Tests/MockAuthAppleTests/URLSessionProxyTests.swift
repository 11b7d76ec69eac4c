#if canImport(Security)
    import MockAuthScenario
    import MockAuthTesting
    import Security
    import Testing

    /// ``URLSessionClient`` through the scenarios' proxies, configured the documented way
    /// (`URLSessionConfiguration.proxyConfigurations`, the account applied with
    /// `ProxyConfiguration.applyCredential`).
    ///
    /// Apple does not say whether a proxy configuration applies to a loopback destination, so the
    /// catalog's proxy scenarios run with their origin named `origin.proxied.test`, which only the
    /// scenario's proxy resolves (``Scenario/reachedByNameThroughProxy()``); one test tries the
    /// loopback destination itself and reports `proxy-applies-to-loopback`.
    @Suite("URLSessionClient through HTTP, HTTPS and SOCKS5 proxies")
    struct URLSessionProxyTests {
        /// HTTPS through a plain HTTP proxy that asks for nothing: what every proxy test needs.
        static let tunnel = """
            version: 1
            summary: HTTPS through the CONNECT tunnel of a proxy that asks for nothing.
            servers:
              proxy:
                proxy: true
              origin:
                tls: { profile: valid }
                routes:
                  - path: /
                    body: "hello through the proxy\\n"
            client:
              proxy: { server: proxy }
            expect:
              - rule: request-succeeds
                server: origin
            """

        @Test("a loopback destination goes through the proxy too")
        func loopbackDestination() async throws {
            let scenario = try Scenario(yaml: Self.tunnel, name: "proxy-tunnel", file: "URLSessionProxyTests.swift")
            let run = try await judged(scenario, with: URLSessionClient())
            await AppleAssumption.proxyAppliesToLoopback.check {
                let connects = run.transcript?.requests(to: "proxy").map { $0.request.summary } ?? []
                return AssumptionObservation(
                    held: run.verdict.result == .pass && !connects.isEmpty,
                    evidence: "the proxy saw \(connects); \(run.explanation)")
            }
        }

        @Test("the origin's name goes to the proxy in CONNECT, and ATS takes the delegate's trust for it")
        func tunnelByName() async throws {
            let scenario = try Scenario(yaml: Self.tunnel, name: "proxy-tunnel", file: "URLSessionProxyTests.swift")
                .reachedByNameThroughProxy()
            let run = try await judged(scenario, with: URLSessionClient())
            let connects = run.transcript?.requests(to: "proxy").map { $0.request } ?? []
            await AppleAssumption.proxyTunnelsByName.check {
                AssumptionObservation(
                    held: connects.contains {
                        $0.method == "CONNECT" && $0.target.hasPrefix(Scenario.proxiedOriginName + ":")
                    },
                    evidence: "the proxy saw \(connects.map(\.summary))")
            }
            await AppleAssumption.atsAcceptsDelegateTrustForNames.check { run.observe(.pass) }
        }

        @Test(
            "the proxies that demand credentials get them only in answer to their 407",
            arguments: ["proxy-connect", "proxy-connect-digest", "proxy-https-auth"])
        func proxyCredentials(_ name: String) async throws {
            // Whether the account goes before the 407 is what the assumption asks: the rule says so
            // for every one of them, not only where the scenario has it.
            let run = try await judgedThroughProxyByName(name, with: URLSessionClient()) { scenario in
                let rule = NoPreemptiveCredentials(server: "proxy")
                if !scenario.expectations.contains(where: { $0.rule == rule }) {
                    scenario.expectations.append(ScenarioExpectation(rule))
                }
            }
            await AppleAssumption.proxyCredentialAfterChallenge.check { run.observe(.pass) }
        }

        @Test(
            "an HTTPS proxy's certificate is accepted or refused as configured: the given anchors, for the proxy's host",
            arguments: ["proxy-https", "proxy-https-expired", "proxy-https-wrong-host"])
        func httpsProxyTrust(_ name: String) async throws {
            let run = try await judgedThroughProxyByName(name, with: URLSessionClient())
            await AppleAssumption.httpsProxyTrustAsConfigured.check { run.observe(.pass) }
        }

        @Test("socks5: the origin's name goes to the SOCKS5 proxy, for it to resolve")
        func socks() async throws {
            let run = try await judgedThroughProxyByName("socks5", with: URLSessionClient())
            let socks = run.transcript?.connections(to: "proxy").compactMap(\.socks) ?? []
            await AppleAssumption.socksSendsHostNames.check {
                AssumptionObservation(
                    held: socks.contains { $0.addressType == .domainName } && run.verdict.result == .pass,
                    evidence:
                        "CONNECTs: \(socks.map { "\($0.addressType?.rawValue ?? "none") \($0.target ?? "")" }); \(run.explanation)"
                )
            }
        }

        @Test("socks5-auth: applyCredential answers RFC 1929's username/password step")
        func socksAccount() async throws {
            let run = try await judgedThroughProxyByName("socks5-auth", with: URLSessionClient())
            await AppleAssumption.socksCredentialAnswersRFC1929.check { run.observe(.pass) }
        }
    }
#endif
