import MockAuthVocabulary

/// One thing a correct client does, checked by the judge against the transcript.
package struct ScenarioExpectation: Sendable, Equatable {
    /// What is expected: one of ``ScenarioRules/all``.
    package var rule: any ScenarioRule
    /// Whether a violation fails the scenario (`must`) or is only reported (`should`).
    package var level: ExpectationLevel
    /// Why a violation matters, in words that finish "…: " in the verdict
    /// (e.g. "it accepted an expired certificate"); for a precondition, what is not known when it is
    /// not met, finishing "…, so " (e.g. "whether it keeps sid to its host is not known").
    package var because: String?
    /// Whether the rule only sets the stage for the behaviour under test (`precondition: true`):
    /// the client kept the cookie and sent it back, the first hop succeeded. A precondition not met
    /// makes the verdict INCONCLUSIVE, never FAIL: the client declined an earlier step and never
    /// reached the behaviour the scenario is named for. Always a `must`.
    package var precondition: Bool

    package init(
        _ rule: any ScenarioRule, level: ExpectationLevel = .must, because: String? = nil, precondition: Bool = false
    ) {
        self.rule = rule
        self.level = level
        self.because = because
        self.precondition = precondition
    }

    package static func == (lhs: ScenarioExpectation, rhs: ScenarioExpectation) -> Bool {
        lhs.rule.isEqual(to: rhs.rule) && lhs.level == rhs.level && lhs.because == rhs.because
            && lhs.precondition == rhs.precondition
    }
}
