#if canImport(Security)
    import MockAuthTesting
    import Testing

    /// `client` judged on the bundled scenario `name` exactly as `mockauthd check` judges it: through
    /// ``ScenarioRunner``, with the scenario's control judged too (loaded from the bundled catalog),
    /// so that a client refusing everything is INCONCLUSIVE rather than passing a rejection scenario.
    func judged(_ name: String, with client: some ScenarioClient) async throws -> JudgedRun {
        let scenario = try ScenarioCatalog.bundled.load(name)
        let runs = await ScenarioRunner(timeoutSeconds: 30).run([scenario], clients: [client], controls: .bundled)
        return try #require(runs.first, "the runner reported no run of \(name)")
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
    }
#endif
