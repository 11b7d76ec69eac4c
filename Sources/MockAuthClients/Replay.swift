import MockAuth

/// Runs every named scenario against `client`, through ``ScenarioRunner`` (so each rejection
/// scenario's control is judged too), and reports per scenario: a conformance test in one test method.
///
/// ```swift
/// @Test func conformance() async throws {
///     let report = try await replay(tagged: "tls", with: MyClient())
///     #expect(report.failures.isEmpty, "\(report.summary)")
/// }
/// ```
///
/// - Parameters:
///   - names: scenario names (or scenario files) of `catalog`.
///   - catalog: where the names (and the scenarios' controls) are looked up.
///   - client: the client under test.
///   - timeoutSeconds: how long the client may take on one scenario.
///   - jobs: how many scenarios run at once.
public func replay(
    _ names: [String], catalog: ScenarioCatalog = .bundled, with client: some ScenarioClient,
    timeoutSeconds: Int = 60, jobs: Int = 1
) async throws -> ReplayReport {
    let scenarios = try names.map { (name) throws(ScenarioError) in try catalog.load(name) }
    let runs = await ScenarioRunner(timeoutSeconds: timeoutSeconds).run(
        scenarios, clients: [client], controls: catalog, jobs: jobs)
    return ReplayReport(client: client.name, runs: runs)
}

/// Runs every scenario of `catalog` that carries `tag` (all when `nil`), except retired ones, against `client`.
public func replay(
    tagged tag: String? = nil, catalog: ScenarioCatalog = .bundled, with client: some ScenarioClient,
    timeoutSeconds: Int = 60, jobs: Int = 1
) async throws -> ReplayReport {
    let names = try catalog.loadAll()
        .filter { scenario in scenario.retired == nil && (tag.map(scenario.tags.contains) ?? true) }
        .map(\.name)
    return try await replay(names, catalog: catalog, with: client, timeoutSeconds: timeoutSeconds, jobs: jobs)
}

/// What ``replay(_:catalog:with:timeoutSeconds:jobs:)`` found.
public struct ReplayReport: Sendable {
    public var client: String
    /// One run per scenario, in the order asked.
    public var runs: [JudgedRun]

    /// The verdicts, in the order asked.
    public var verdicts: [Verdict] { runs.map(\.verdict) }

    /// The runs that were judged and did not pass (failed, inconclusive, harness error): not the
    /// passes, nor the scenarios the client's library lacks a feature for (UNSUPPORTED) or that it
    /// could not be given (SKIP).
    public var failures: [JudgedRun] {
        runs.filter { run in
            switch run.verdict.result {
            case .pass, .unsupported, .skip: false
            case .fail, .inconclusive, .error: true
            }
        }
    }

    /// One line per scenario, then each failure's findings and what the client said.
    public var summary: String {
        var lines = runs.map { run in
            let verdict = run.verdict
            let note = [.skip, .unsupported].contains(verdict.result) ? verdict.note.map { " (\($0))" } ?? "" : ""
            return
                "\(verdict.result.label.padding(toLength: 12, withPad: " ", startingAt: 0)) \(run.scenario.name)\(note)"
        }
        for failure in failures {
            lines.append("")
            lines.append(failure.verdict.report)
            if let report = failure.report {
                lines.append("  client said: \(report.summary.replacingOccurrences(of: "\n", with: "\n    "))")
            }
        }
        return "\(client):\n" + lines.joined(separator: "\n")
    }
}
