import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict

/// One client judged on one scenario: the verdict, what the servers saw, what the client said.
public struct JudgedRun: Sendable {
    /// The client's name.
    public var client: String
    /// The scenario.
    public var scenario: Scenario
    /// The verdict, with the scenario's control applied when it was judged.
    public var verdict: Verdict
    /// What the servers saw: the one snapshot ``verdict`` judged; `nil` when the scenario never
    /// started (skipped, or a harness error).
    public var transcript: Transcript?
    /// What the client said happened, when it ran.
    public var report: ClientReport?
    /// How long the run took.
    public var duration: Duration

    package init(
        client: String, scenario: Scenario, verdict: Verdict, transcript: Transcript? = nil,
        report: ClientReport? = nil, duration: Duration = .zero
    ) {
        self.client = client
        self.scenario = scenario
        self.verdict = verdict
        self.transcript = transcript
        self.report = report
        self.duration = duration
    }
}
