import MockAuthVocabulary

/// `authenticates-as`: every request for `path` that the server served was authenticated as
/// `user`, and one was.
package struct AuthenticatesAs: ServerRule {
    package static let name: RuleName = "authenticates-as"
    package var server: String
    package var path: String
    package var user: String

    package init(server: String, path: String, user: String) {
        self.server = server
        self.path = path
        self.user = user
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let server = try entry.ruleServer()
        let path = try entry.requiredString("path", example: "/b")
        return Self(server: server, path: path, user: try entry.requiredString("user", example: "bob"))
    }

    package var summary: String { "makes \(path) on \(server) as \(user)" }
}
