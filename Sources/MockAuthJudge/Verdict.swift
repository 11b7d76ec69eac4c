/// The judge's answer for one scenario run.
public struct Verdict: Sendable, Codable, Equatable {
    /// How the run ended.
    public enum Outcome: String, Sendable, Codable, Equatable {
        /// Every `must` expectation held.
        case passed
        /// At least one `must` expectation was violated.
        case failed
        /// The client never did what the scenario needs to judge it (e.g. it never connected),
        /// so it is neither credited nor blamed.
        case inconclusive
    }

    /// The scenario's name.
    public var scenario: String
    public var outcome: Outcome
    /// Violated `must` expectations, each in words.
    public var violations: [Finding]
    /// Violated `should` expectations: reported, not failing.
    public var warnings: [Finding]
    /// Expectations that held, each in words.
    public var met: [Finding]
    /// Why the verdict is inconclusive, when it is.
    public var inconclusiveReasons: [Finding]

    public init(
        scenario: String,
        outcome: Outcome,
        violations: [Finding] = [],
        warnings: [Finding] = [],
        met: [Finding] = [],
        inconclusiveReasons: [Finding] = []
    ) {
        self.scenario = scenario
        self.outcome = outcome
        self.violations = violations
        self.warnings = warnings
        self.met = met
        self.inconclusiveReasons = inconclusiveReasons
    }

    /// Whether the client behaved as the scenario expects.
    public var passed: Bool { outcome == .passed }
}

/// One judged expectation, in words.
public struct Finding: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The rule's name (`rejects-certificate` …).
    public var rule: String
    /// `must` or `should`.
    public var level: String
    /// What happened, as a sentence.
    public var message: String

    public init(rule: String, level: String, message: String) {
        self.rule = rule
        self.level = level
        self.message = message
    }

    public var description: String { "\(rule): \(message)" }
}
