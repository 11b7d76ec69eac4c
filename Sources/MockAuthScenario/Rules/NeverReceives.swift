import MockAuthVocabulary

/// `never-receives`: the server never received `header` (any field: `Authorization`, `Cookie`,
/// `X-Api-Key` …), on any path or on the `paths` given. `Authorization` and `Proxy-Authorization`
/// count in any scheme, offered or not. With `cookie`, the field is `Cookie` and only a cookie of
/// that name counts (other cookies may come).
package struct NeverReceives: ServerRule {
    package static let name: RuleName = "never-receives"
    package var server: String
    package var header: String
    package var paths: [String]
    package var cookie: String?

    package init(server: String, header: String, paths: [String], cookie: String? = nil) {
        self.server = server
        self.header = header
        self.paths = paths
        self.cookie = cookie
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let server = try entry.ruleServer()
        let (header, cookie) = try entry.requestField(rule: name, example: "Authorization")
        return Self(server: server, header: header, paths: try entry.strings("paths") ?? [], cookie: cookie)
    }

    package var summary: String { "never sends \(cookie.map { "cookie \($0)" } ?? header) to \(server)" }
}
