import MockAuthVocabulary

/// `request-succeeds`: the client's request (for `path`, when given) reaches the server and is
/// answered 2xx.
package struct RequestSucceeds: ServerRule {
    package static let name: RuleName = "request-succeeds"
    package var server: String
    package var path: String?

    package init(server: String, path: String? = nil) {
        self.server = server
        self.path = path
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer(), path: try entry.string("path"))
    }

    package var summary: String { "gets a 2xx from \(server)\(path.map { " for \($0)" } ?? "")" }
}
