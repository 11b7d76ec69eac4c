import MockAuthVocabulary

/// `receives`: the server received `header` at least once: the client sent a header it was told to
/// send (`client.headers`), so whether it leaks it elsewhere can be judged. With `cookie`, a
/// `Cookie` field carrying a cookie of that name: the client kept a cookie a server set and sent
/// it back.
package struct Receives: ServerRule {
    package static let name: RuleName = "receives"
    package var server: String
    package var header: String
    package var cookie: String?

    package init(server: String, header: String, cookie: String? = nil) {
        self.server = server
        self.header = header
        self.cookie = cookie
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let server = try entry.ruleServer()
        let (header, cookie) = try entry.requestField(rule: name, example: "X-Api-Key")
        return Self(server: server, header: header, cookie: cookie)
    }

    package var summary: String { "sends \(cookie.map { "cookie \($0)" } ?? header) to \(server)" }
}
