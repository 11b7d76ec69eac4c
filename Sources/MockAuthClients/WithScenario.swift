import Foundation
import MockAuth

/// Whether `withScenario` also judges the scenario's control.
public enum ControlPolicy: Sendable, Equatable {
    /// The default, as in `mockauthd check` and `replay`: when the scenario names a control and the
    /// client passed or failed, run `body` once more against the control (e.g. `tls-valid` for
    /// `tls-expired`). A client that fails the control is not credited for refusing, nor failed for
    /// what it fails there too: the verdict is INCONCLUSIVE.
    case judge
    /// Judge the scenario alone: `body` runs once. A client that refuses everything then passes
    /// every rejection scenario; use it only where another test holds the client to the control, or
    /// where `body` cannot run against the control (it expects this scenario's servers alone).
    case ignore
}

/// Runs `body` against a bundled scenario (or a scenario file), then judges what the servers saw;
/// for a scenario with a control whose client passed or failed, runs `body` again against the
/// control, and credits a refusal only if the client passes that too, and fails the client only
/// for what it does not fail there the same way, as `mockauthd check` does.
///
/// The scenario's servers listen on ephemeral loopback ports and its client files live in a
/// private temporary directory, so any number of tests can run scenarios in parallel. The servers
/// stop and the files are deleted whether `body` returns or throws.
///
/// ```swift
/// let verdict = try await withScenario("tls-expired") { scenario in
///     _ = try? await myClient.get(scenario.url, trusting: scenario.material.caCertificatePEM)
/// }
/// #expect(verdict.passed, "\(verdict.report)")   // a client that refuses everything: INCONCLUSIVE
/// ```
///
/// - Important: `body` runs once per scenario it is given: twice for a scenario with a control that
///   the client passed or failed (the second time against the control, e.g. `tls-valid` for `tls-expired`, whose run has
///   its own URLs and material). Write it for any scenario, reading everything from its argument; pass
///   `control: .ignore` for a body that cannot run against the control.
///
/// - Parameters:
///   - reference: a scenario name from the catalog, or a path to a scenario file.
///   - catalog: where to look the name (and the control) up; by default the catalog bundled with MockAuth.
///   - control: whether to judge the scenario's control too (by default it does).
///   - addressing: the names the servers' URLs use: `127.0.0.1` by default;
///     ``ServerAddressing/localhost`` for URLSession on Apple platforms, which App Transport
///     Security lets reach `localhost` over HTTP and TLS without exceptions.
///   - body: runs your client against the scenario; the servers stop when it returns or throws.
/// - Returns: the verdict on what the client did inside `body`, with the control applied.
public func withScenario(
    _ reference: String,
    catalog: ScenarioCatalog = .bundled,
    control: ControlPolicy = .judge,
    addressing: ServerAddressing = .loopback,
    _ body: (ScenarioRun) async throws -> Void
) async throws -> Verdict {
    try await withScenario(
        try catalog.load(reference), catalog: catalog, control: control, addressing: addressing, body)
}

/// Runs `body` against `scenario` (built in code or loaded), then judges what the servers saw.
///
/// - Parameters:
///   - scenario: the scenario to start.
///   - catalog: where the scenario's control is looked up.
///   - control: whether to judge the scenario's control too (by default it does; see the `String`
///     variant).
///   - addressing: the names the servers' URLs use (see the `String` variant).
///   - body: runs your client against the scenario; the servers stop when it returns or throws.
/// - Returns: the verdict on what the client did inside `body`, with the control applied.
public func withScenario(
    _ scenario: Scenario,
    catalog: ScenarioCatalog = .bundled,
    control: ControlPolicy = .judge,
    addressing: ServerAddressing = .loopback,
    _ body: (ScenarioRun) async throws -> Void
) async throws -> Verdict {
    let runner = ScenarioRunner(addressing: addressing)
    func exercise(_ run: ScenarioRun) async throws -> ClientReport {
        try await body(run)
        return ClientReport()
    }
    let verdict = try await runner.judge(scenario, client: "body", exercise: exercise).verdict
    guard control == .judge, verdict.passed || verdict.result == .fail, let name = scenario.control else {
        return verdict
    }
    let twin = try await runner.judge(try catalog.load(name), client: "body", exercise: exercise).verdict
    return Judge.applyingControl(twin, to: verdict)
}
