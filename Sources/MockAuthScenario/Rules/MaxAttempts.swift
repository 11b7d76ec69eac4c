import MockAuthVocabulary

/// `max-attempts`: at most `attempts` requests carried credentials the server refused; then the
/// client stopped.
package struct MaxAttempts: ServerRule {
    package static let name: RuleName = "max-attempts"
    package var server: String
    package var attempts: Int

    package init(server: String, attempts: Int) {
        self.server = server
        self.attempts = attempts
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer(), attempts: try entry.count("attempts", example: 3))
    }

    package var summary: String { "stops after at most \(attempts) refused attempts at \(server)" }
}
