#if canImport(Security)
    import MockAuthTesting
    import Security
    import Testing

    /// `client` judged on `scenario` exactly as `mockauthd check` judges it: through
    /// ``ScenarioRunner``, with the scenario's control judged too (loaded from the bundled catalog),
    /// so that a client refusing everything is INCONCLUSIVE rather than passing a rejection scenario.
    ///
    /// The servers' URLs name `localhost` (``ServerAddressing/localhost``): App Transport Security
    /// lets a process reach it without exceptions, over plain HTTP and over TLS, where from iOS 17
    /// and macOS 14 it checks `127.0.0.1` like any host (`ats-allows-localhost`).
    ///
    /// - Parameter control: the scenario's control when it is not the bundled one (a control
    ///   changed the way `scenario` was).
    func judged(_ scenario: Scenario, control: Scenario? = nil, with client: some ScenarioClient) async throws
        -> JudgedRun
    {
        let runner = ScenarioRunner(timeoutSeconds: 30, addressing: .localhost)
        let runs = await runner.run([scenario] + [control].compactMap(\.self), clients: [client], controls: .bundled)
        return try #require(runs.first { $0.scenario.name == scenario.name }, "no run of \(scenario.name)")
    }

    /// ``judged(_:control:with:)`` of the bundled scenario `name`.
    func judged(_ name: String, with client: some ScenarioClient) async throws -> JudgedRun {
        try await judged(try ScenarioCatalog.bundled.load(name), with: client)
    }

    /// ``judged(_:control:with:)`` of the bundled scenario `name` and its control, each
    /// ``Scenario/reachedByNameThroughProxy()``, the scenario then changed by `adjust`.
    func judgedThroughProxyByName(
        _ name: String, with client: some ScenarioClient, adjusting adjust: (inout Scenario) -> Void = { _ in }
    ) async throws -> JudgedRun {
        var scenario = try ScenarioCatalog.bundled.load(name).reachedByNameThroughProxy()
        adjust(&scenario)
        let control = try scenario.control.map { try ScenarioCatalog.bundled.load($0).reachedByNameThroughProxy() }
        return try await judged(scenario, control: control, with: client)
    }

    extension JudgedRun {
        /// The verdict with its control, then the client's own account: for a failure message.
        var explanation: String {
            var lines = [verdict.report]
            if let control = verdict.control {
                lines.append("control \(control.scenario): \(control.result.label) (\(control.reason))")
            }
            if let report { lines.append("client: " + report.summary) }
            return lines.joined(separator: "\n")
        }

        /// Whether the verdict is `expected`, with the explanation as evidence.
        func observe(_ expected: VerdictResult) -> AssumptionObservation {
            AssumptionObservation(held: verdict.result == expected, evidence: explanation)
        }
    }

    extension Scenario {
        /// The name the origin has in ``reachedByNameThroughProxy()``: under `.test`, so no resolver
        /// knows it, and only the scenario's proxy resolves it.
        static let proxiedOriginName = "origin.proxied.test"

        /// This scenario with its origin named ``proxiedOriginName`` instead of `127.0.0.1`, which only
        /// the scenario's proxy resolves (a SOCKS5 proxy is then told so: `remote-dns`, `socks5h://`):
        /// the proxy is used whether or not the system bypasses proxies for loopback destinations,
        /// which Apple does not document (`proxy-applies-to-loopback`). The origin's certificate
        /// names it; the rules and the control are the scenario's own.
        func reachedByNameThroughProxy() -> Scenario {
            var scenario = self
            for index in scenario.servers.indices where scenario.servers[index].id == "origin" {
                scenario.servers[index].host = .named(Self.proxiedOriginName)
            }
            if let proxy = scenario.client.proxy, case .socks5? = scenario.server(proxy.server)?.role {
                scenario.client.proxy?.remoteDNS = true
            }
            return scenario
        }
    }
#endif
