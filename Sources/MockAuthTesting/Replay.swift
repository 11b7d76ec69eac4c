import MockAuth

/// Runs every named scenario (or the catalog's scenarios with `tag`) against `client`, one after the
/// other, and reports per scenario: a conformance test in one test method.
///
/// ```swift
/// @Test func conformance() async throws {
///     let report = try await replay(tagged: "tls", with: MyClient())
///     #expect(report.failures.isEmpty, "\(report.summary)")
/// }
/// ```
public func replay(
    _ names: [String], catalog: ScenarioCatalog = .bundled, with client: some ChallengeClient
) async throws -> ReplayReport {
    var results: [ReplayReport.Result] = []
    for name in names {
        let scenario = try catalog.load(name)
        let missing = scenario.requiredCapabilities.intersection(client.unsupported)
        guard missing.isEmpty else {
            let reason = "\(client.name) cannot: \(missing.map(\.name).sorted().joined(separator: ", "))"
            results.append(ReplayReport.Result(scenario: name, verdict: nil, skipped: reason, client: ClientReport()))
            continue
        }
        var report = ClientReport()
        let verdict = try await withScenario(scenario) { run in
            report = await client.perform(ClientContext(run))
        }
        results.append(ReplayReport.Result(scenario: name, verdict: verdict, skipped: nil, client: report))
    }
    return ReplayReport(client: client.name, results: results)
}

/// Runs every scenario of `catalog` that carries `tag` (all when `nil`) against `client`.
public func replay(
    tagged tag: String? = nil, catalog: ScenarioCatalog = .bundled, with client: some ChallengeClient
) async throws -> ReplayReport {
    let names = try catalog.loadAll().filter { tag == nil || $0.tags.contains(tag ?? "") && $0.retired == nil }.map(
        \.name)
    return try await replay(names, catalog: catalog, with: client)
}

/// What ``replay(_:catalog:with:)`` found.
public struct ReplayReport: Sendable {
    public struct Result: Sendable {
        public var scenario: String
        /// `nil` when skipped.
        public var verdict: Verdict?
        /// Why the scenario was skipped.
        public var skipped: String?
        /// What the client said happened.
        public var client: ClientReport
    }

    public var client: String
    public var results: [Result]

    /// The scenarios whose verdict is not a pass (failed or inconclusive).
    public var failures: [Result] { results.filter { $0.verdict.map { !$0.passed } ?? false } }

    /// One line per scenario, then each failure's violations.
    public var summary: String {
        var lines = results.map { result in
            let label = result.verdict?.outcome.label ?? "SKIP"
            return "\(label.padding(toLength: 12, withPad: " ", startingAt: 0)) \(result.scenario)"
                + (result.skipped.map { " (\($0))" } ?? "")
        }
        for failure in failures {
            lines.append("")
            lines.append(failure.verdict?.report ?? failure.scenario)
            lines.append("  client said: \(failure.client.summary.replacingOccurrences(of: "\n", with: "\n    "))")
        }
        return "\(client):\n" + lines.joined(separator: "\n")
    }
}
