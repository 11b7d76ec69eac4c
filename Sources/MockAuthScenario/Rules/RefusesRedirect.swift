import MockAuthVocabulary

/// `refuses-redirect`: the server answered with a redirect and the client did not follow it: no request reached
/// the redirect's target afterwards (a client that refuses an https → http downgrade, say).
package struct RefusesRedirect: ServerRule {
    package static let name: RuleName = "refuses-redirect"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    package var summary: String { "does not follow \(server)'s redirect" }
}
