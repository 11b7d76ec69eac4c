import MockAuthVocabulary

/// `no-preemptive-credentials`: no request carried credentials before the server had challenged
/// the client.
package struct NoPreemptiveCredentials: ServerRule {
    package static let name: RuleName = "no-preemptive-credentials"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    package var summary: String { "sends no credentials to \(server) before a challenge" }
}
