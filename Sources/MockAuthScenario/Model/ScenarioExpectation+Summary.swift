extension ScenarioExpectation {
    /// What a correct client does, in a few words ("refuses the certificate of origin"); a
    /// precondition is the stage, not the behaviour: "(given that it sends cookie sid to origin)".
    package var summary: String {
        if precondition { return "(given that it \(rule.summary))" }
        return level == .should ? "should \(rule.summary)" : rule.summary
    }
}

extension Scenario {
    /// What a correct client does, in a few words: every expectation's summary.
    public var correctClientSummary: String {
        expectations.map(\.summary).joined(separator: "; ")
    }
}
