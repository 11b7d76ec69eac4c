import MockAuthVocabulary

/// `goes-through-proxy`: every request that reached the server came through the client's proxy,
/// none directly: the client used the proxy for a host it was not told to reach without it.
package struct GoesThroughProxy: ServerRule {
    package static let name: RuleName = "goes-through-proxy"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    package var summary: String { "reaches \(server) through the proxy" }
}
