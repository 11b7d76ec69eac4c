import MockAuthScenario
import MockAuthTranscript

/// What one rule concluded from a transcript: the outcome and, in words, what happened.
package struct ExpectationResult: Sendable, Equatable {
    package var outcome: RuleOutcome
    /// What the transcript shows, as a sentence.
    package var reason: String

    package init(_ outcome: RuleOutcome, _ reason: String) {
        self.outcome = outcome
        self.reason = reason
    }

    /// The expectation held; `reason` says how.
    package static func met(_ reason: String) -> ExpectationResult { ExpectationResult(.met, reason) }
    /// The expectation was violated; `reason` says what the client did.
    package static func violated(_ reason: String) -> ExpectationResult { ExpectationResult(.violated, reason) }
    /// The client never did what the rule needs.
    package static func notExercised(_ reason: String) -> ExpectationResult { ExpectationResult(.notExercised, reason) }
}

/// One rule of the judge: evaluates a transcript.
///
/// Each scenario rule has its own evaluator type, in its own file under `Expectations/`.
package protocol ExpectationEvaluator: Sendable {
    func evaluate(_ transcript: Transcript) -> ExpectationResult
}
