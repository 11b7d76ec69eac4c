import MockAuthScenario
import MockAuthTranscript

/// How one rule came out.
public enum RuleOutcome: String, Sendable, Codable, Equatable, CaseIterable {
    /// The expectation held.
    case met
    /// The client did what the rule forbids (or not what it demands).
    case violated
    /// The client never did what the rule needs (e.g. it never connected): neither credit nor blame.
    case notExercised = "not-exercised"
}

/// What one rule concluded from a transcript: the outcome and, in words, what happened.
public struct ExpectationResult: Sendable, Equatable {
    public var outcome: RuleOutcome
    /// What the transcript shows, as a sentence.
    public var reason: String

    public init(_ outcome: RuleOutcome, _ reason: String) {
        self.outcome = outcome
        self.reason = reason
    }

    /// The expectation held; `reason` says how.
    public static func met(_ reason: String) -> ExpectationResult { ExpectationResult(.met, reason) }
    /// The expectation was violated; `reason` says what the client did.
    public static func violated(_ reason: String) -> ExpectationResult { ExpectationResult(.violated, reason) }
    /// The client never did what the rule needs.
    public static func notExercised(_ reason: String) -> ExpectationResult { ExpectationResult(.notExercised, reason) }
}

/// One rule of the judge: evaluates a transcript.
///
/// Each scenario rule has its own evaluator type, in its own file under `Expectations/`.
public protocol ExpectationEvaluator: Sendable {
    func evaluate(_ transcript: Transcript) -> ExpectationResult
}
