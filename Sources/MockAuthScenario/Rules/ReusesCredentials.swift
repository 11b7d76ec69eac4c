import MockAuthVocabulary

/// `reuses-credentials`: after authenticating once, the client sent credentials for a later request in the same
/// protection space without waiting for a new challenge.
package struct ReusesCredentials: ServerRule {
    package static let name: RuleName = "reuses-credentials"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    package var summary: String { "reuses credentials for \(server) without a new challenge" }
}
