import MockAuthSchemes
import MockAuthVocabulary
import Yams

extension ScenarioExpectation {
    /// Reads the `expect:` list.
    static func readAll(_ node: Node, file: String) throws(ScenarioError) -> [ScenarioExpectation] {
        let example = "expect:\n      - rule: request-succeeds\n        server: origin"
        let elements = try node.sequenceElements(file: file, what: "'expect'", example: example)
        guard !elements.isEmpty else {
            throw ScenarioError(
                .missingKey, at: ScenarioLocation(node, file: file), "'expect' needs at least one expectation",
                hint: example)
        }
        let expectations = try elements.map { (element) throws(ScenarioError) in try read(element, file: file) }
        // Preconditions only set the stage: a scenario of nothing else would pass a client on the
        // stage alone, having tested no behaviour.
        if expectations.contains(where: \.precondition),
            !expectations.contains(where: { $0.level == .must && !$0.precondition })
        {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: file),
                "every 'must' expectation is a precondition: nothing would test the behaviour the scenario is named for",
                hint: "- rule: never-receives   # the behaviour under test: no 'precondition'")
        }
        return expectations
    }

    private static func read(_ node: Node, file: String) throws(ScenarioError) -> ScenarioExpectation {
        var entry = try YAMLMapping(node, file: file, context: "an expectation")
        let rule = try ScenarioRules.read(&entry)
        let level = try entry.word("level", ExpectationLevel.self, what: "level") ?? .must
        let because = try entry.string("because")
        let precondition = try entry.bool("precondition") ?? false
        if precondition, level == .should {
            // A precondition decides whether the scenario can be judged at all (unmet: INCONCLUSIVE);
            // a should is only reported. One rule cannot be both.
            throw ScenarioError(
                .invalidValue, at: entry.location(of: "level"),
                "a precondition cannot be 'level: should': an unmet precondition makes the verdict inconclusive, an unmet should is only reported",
                hint: "precondition: true without 'level' (a precondition is a must), or no 'precondition' for a should"
            )
        }
        try entry.finish()
        return ScenarioExpectation(rule, level: level, because: because, precondition: precondition)
    }
}
