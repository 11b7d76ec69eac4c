#if canImport(Security)
    import Foundation
    import MockAuthControl
    import MockAuthPortableTestSupport
    import MockAuthTesting
    import Security
    import Testing

    /// The remote face as a UI test and an app use it, all in this process (no `mockauthd serve`,
    /// which the simulators cannot start): the control API on loopback, `MockAuthControlClient`
    /// over URLSession (which reaches it as `localhost`), and the runs' URLs and inline material
    /// handed to URLSession clients.
    @Suite("The remote face with URLSession, in-process")
    struct RemoteFaceURLSessionTests {
        @Test("begin, fetch with each run's material, judge with the control, end")
        func lifecycle() async throws {
            let catalog = try ScenarioCatalog.bundled.loadAll()
            try await withTeardown { teardown in
                let registry = RunRegistry(catalog: catalog, maxLiveRuns: 4) { scenario in
                    try await ScenarioRun.start(scenario, addressing: .localhost)
                }
                let token = ControlToken.random()
                let server = try await ControlServer.start(ControlAPI(token: token, registry: registry))
                teardown.add {
                    await server.shutdown()
                    _ = await registry.endAll()
                }
                let control = MockAuthControlClient(url: try #require(URL(string: server.url)), token: token.secret)
                #expect(server.url.hasPrefix("http://127.0.0.1:"))
                #expect(control.reachedURL.absoluteString.hasPrefix("http://localhost:"))

                let careful = try await control.begin(scenario: "tls-expired", client: "URLSession")
                let twin = try await control.begin(scenario: "tls-valid", client: "URLSession")
                let defective = try await control.begin(
                    scenario: "tls-expired", client: "URLSession trusting everything")
                #expect(careful.url.hasPrefix("https://localhost:"), "\(careful.url)")
                _ = await URLSessionClient().perform(ClientContext(careful.material))
                _ = await URLSessionClient().perform(ClientContext(twin.material))
                _ = await trustEverything.perform(ClientContext(defective.material))

                let passed = try await careful.verdict(control: twin)
                let failed = try await defective.verdict()
                await AppleAssumption.atsAllowsLocalhost.check {
                    AssumptionObservation(
                        held: passed.result == .pass && passed.control?.result == .pass,
                        evidence: "careful: \(passed.report)")
                }
                await AppleAssumption.atsLeavesTrustToDelegate.check {
                    AssumptionObservation(held: failed.result == .fail, evidence: "defective: \(failed.report)")
                }
                for run in [careful, twin, defective] { try await run.end() }
                await #expect(throws: ControlAPIError.self) { try await careful.verdict() }
            }
        }
    }
#endif
