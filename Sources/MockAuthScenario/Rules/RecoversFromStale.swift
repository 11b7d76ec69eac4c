import MockAuthVocabulary

/// `recovers-from-stale`: after a valid answer on an expired Digest nonce (401 `stale=true`), the client retried the
/// same request with the fresh nonce and was accepted.
package struct RecoversFromStale: ServerRule {
    package static let name: RuleName = "recovers-from-stale"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    package var summary: String { "retries \(server) after stale=true with the new nonce" }
}
