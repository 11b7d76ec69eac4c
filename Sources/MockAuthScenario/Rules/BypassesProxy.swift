import MockAuthVocabulary

/// `bypasses-proxy`: every request that reached the server came directly from the client, none
/// through its proxy: the client went around the proxy for a host it was told to (`NO_PROXY`).
package struct BypassesProxy: ServerRule {
    package static let name: RuleName = "bypasses-proxy"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    package var summary: String { "reaches \(server) without the proxy" }
}
