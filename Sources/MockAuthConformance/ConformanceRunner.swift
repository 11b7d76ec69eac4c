import Foundation
import MockAuth

/// Replays scenarios against client commands, several at a time, and judges each cell.
///
/// ```swift
/// let runner = ConformanceRunner(scenarios: try catalog.loadAll(), clients: [curl], jobs: 4)
/// let report = await runner.run { result in print(result.scenario, result.result.label) }
/// ```
public struct ConformanceRunner: Sendable {
    public var scenarios: [Scenario]
    public var clients: [ConformanceClient]
    /// How many cells run at once.
    public var jobs: Int
    /// Seconds a client command may take per scenario.
    public var timeoutSeconds: Int

    public init(scenarios: [Scenario], clients: [ConformanceClient], jobs: Int, timeoutSeconds: Int = 60) {
        self.scenarios = scenarios
        self.clients = clients
        self.jobs = max(1, jobs)
        self.timeoutSeconds = timeoutSeconds
    }

    /// Runs every cell; `progress` is called as each finishes (from the runner's task, in order of finishing).
    public func run(progress: @Sendable (ConformanceResult) -> Void = { _ in }) async -> ConformanceReport {
        let start = Date()
        let cells = clients.flatMap { client in scenarios.map { (client, $0) } }
        var results: [ConformanceResult] = []
        await withTaskGroup(of: ConformanceResult.self) { group in
            var pending = cells.makeIterator()
            for _ in 0..<min(jobs, cells.count) {
                if let (client, scenario) = pending.next() {
                    group.addTask { await Self.cell(client, scenario, timeoutSeconds: timeoutSeconds) }
                }
            }
            for await result in group {
                progress(result)
                results.append(result)
                if let (client, scenario) = pending.next() {
                    group.addTask { await Self.cell(client, scenario, timeoutSeconds: timeoutSeconds) }
                }
            }
        }
        let order = Dictionary(uniqueKeysWithValues: cells.enumerated().map { ("\($1.0.name)/\($1.1.name)", $0) })
        results.sort { (order["\($0.client)/\($0.scenario)"] ?? 0) < (order["\($1.client)/\($1.scenario)"] ?? 0) }
        results = ControlCheck.apply(to: results, scenarios: scenarios)
        return ConformanceReport(
            clients: clients.map(\.name), scenarios: scenarios.map(\.name), results: results,
            seconds: Date().timeIntervalSince(start))
    }

    /// Runs one client on one scenario.
    static func cell(_ client: ConformanceClient, _ scenario: Scenario, timeoutSeconds: Int) async -> ConformanceResult
    {
        let start = Date()
        func result(_ outcome: ConformanceResult.Outcome, _ reason: String, exit: Int32? = nil, details: String = "")
            -> ConformanceResult
        {
            ConformanceResult(
                client: client.name, scenario: scenario.name, result: outcome, reason: reason, tags: scenario.tags,
                exitStatus: exit, milliseconds: Int(Date().timeIntervalSince(start) * 1000), details: details)
        }
        let missing = scenario.features.intersection(client.lacks)
        guard missing.isEmpty else {
            return result(.skip, "the client lacks \(missing.sorted().joined(separator: ", "))")
        }
        let run: ScenarioRun
        do {
            run = try await ScenarioRun.start(scenario)
        } catch {
            return result(.error, "the harness could not start the scenario: \(error)")
        }
        let outcome: ClientOutcome
        do {
            outcome = try await ClientCommand(
                arguments: ["/bin/sh", "-c", client.command], environment: run.environment
            )
            .run(timeoutSeconds: timeoutSeconds, outputToStandardError: true)
        } catch {
            await run.shutdown()
            return result(.error, "the harness could not run the client: \(error)")
        }
        let verdict = await run.verdict(client: outcome)
        let transcript = run.transcript()
        await run.shutdown()
        let details = verdict.report + "\n\n" + TranscriptSummary.describe(transcript)
        if outcome.exitStatus == ConformanceClient.unsupportedExitStatus {
            return result(
                .skip, "the client reports it does not support what the scenario needs (exit 89)", exit: 89,
                details: details)
        }
        switch verdict.outcome {
        case .passed:
            return result(
                .pass, verdict.met.map(\.message).joined(separator: "; "), exit: outcome.exitStatus, details: details)
        case .failed:
            return result(
                .fail, verdict.violations.map(\.message).joined(separator: "; "), exit: outcome.exitStatus,
                details: details)
        case .inconclusive:
            return result(
                .inconclusive, verdict.inconclusiveReasons.map(\.message).joined(separator: "; "),
                exit: outcome.exitStatus,
                details: details)
        }
    }
}
