import MockAuthVocabulary

/// `any-of`: at least one of these rules holds: for scenarios where more than one behaviour is
/// correct ("drops the credentials or refuses the downgrade"). Written with `of:`, a list of
/// alternatives written like expectations without `level`, `because` or `precondition` (those
/// belong to the any-of entry).
package struct AnyOf: ScenarioRule {
    package static let name: RuleName = "any-of"
    package var alternatives: [any ScenarioRule]

    package init(_ alternatives: [any ScenarioRule]) {
        self.alternatives = alternatives
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let example =
            "of:\n        - { rule: request-succeeds, server: other }\n        - { rule: refuses-redirect, server: origin }"
        let listNode = try entry.required("of", example: example)
        let elements = try listNode.sequenceElements(file: entry.file, what: "'of'", example: example)
        guard elements.count >= 2 else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(listNode, file: entry.file),
                "'\(name)' needs at least two alternatives", hint: example)
        }
        var alternatives: [any ScenarioRule] = []
        for element in elements {
            var alternative = try YAMLMapping(element, file: entry.file, context: "an alternative of '\(name)'")
            alternatives.append(try ScenarioRules.read(&alternative))
            // Whether the stage is set is a property of the whole any-of, as its level is: one
            // alternative cannot be a precondition while another is the behaviour under test.
            if alternative.node("precondition") != nil {
                throw ScenarioError(
                    .invalidValue, at: alternative.location(of: "precondition"),
                    "an alternative of '\(name)' cannot be a precondition: the any-of holds when any alternative does, so only the whole any-of can",
                    hint: "precondition: true on the any-of entry, beside 'of'")
            }
            try alternative.finish()
        }
        return Self(alternatives)
    }

    package var judgedServer: String? { nil }

    package var leaves: [any ScenarioRule] { alternatives.flatMap(\.leaves) }

    /// An alternative is not a requirement: it narrows nothing.
    package func acceptedSchemes(server: String) -> Set<HTTPAuthScheme>? { nil }

    package var summary: String { alternatives.map(\.summary).joined(separator: ", or ") }

    package static func == (lhs: AnyOf, rhs: AnyOf) -> Bool {
        lhs.alternatives.count == rhs.alternatives.count
            && zip(lhs.alternatives, rhs.alternatives).allSatisfy { $0.isEqual(to: $1) }
    }
}
