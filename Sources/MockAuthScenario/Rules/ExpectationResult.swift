import MockAuthVerdict

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

/// Appends ": because" when there is a reason.
func explained(_ message: String, _ because: String?) -> String {
    guard let because, !because.isEmpty else { return message }
    return "\(message): \(because)"
}
