import Foundation
import MockAuth

/// Runs `body` against a bundled scenario (or a scenario file), then judges what the servers saw.
///
/// The scenario's servers listen on ephemeral loopback ports and its client files live in a
/// private temporary directory, so any number of tests can run scenarios in parallel. The servers
/// stop and the files are deleted whether `body` returns or throws.
///
/// ```swift
/// let verdict = try await withScenario("tls-expired") { scenario in
///     _ = try? await myClient.get(scenario.url, trusting: scenario.caCertificatePEM)
/// }
/// #expect(verdict.passed, "\(verdict.report)")
/// ```
///
/// - Parameters:
///   - reference: a scenario name from the catalog, or a path to a scenario file.
///   - catalog: where to look the name up; by default the catalog bundled with MockAuth.
///   - body: runs your client against the scenario; the servers stop when it returns or throws.
/// - Returns: the verdict on what the client did inside `body`.
public func withScenario(
    _ reference: String,
    catalog: ScenarioCatalog = .bundled,
    _ body: (ScenarioRun) async throws -> Void
) async throws -> Verdict {
    try await withScenario(try catalog.load(reference), body)
}

/// Runs `body` against `scenario` (built in code or loaded), then judges what the servers saw.
///
/// - Parameters:
///   - scenario: the scenario to start.
///   - body: runs your client against the scenario; the servers stop when it returns or throws.
/// - Returns: the verdict on what the client did inside `body`.
public func withScenario(_ scenario: Scenario, _ body: (ScenarioRun) async throws -> Void) async throws -> Verdict {
    let run = try await ScenarioRun.start(scenario)
    do {
        try await body(run)
    } catch {
        await run.shutdown()
        throw error
    }
    return await run.finish()
}
