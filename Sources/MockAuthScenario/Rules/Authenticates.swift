import MockAuthVocabulary

/// `authenticates`: a request (for `path`, if given) carried credentials the server verified and
/// was answered 2xx. With `afterChallenge` (`after-challenge: true`), only credentials sent after
/// the server had challenged count: a client that sent them unasked never read the challenge, and
/// how it reads one is not exercised (the scenarios that test challenge parsing).
package struct Authenticates: ServerRule {
    package static let name: RuleName = "authenticates"
    package var server: String
    package var path: String?
    package var afterChallenge: Bool

    package init(server: String, path: String? = nil, afterChallenge: Bool = false) {
        self.server = server
        self.path = path
        self.afterChallenge = afterChallenge
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(
            server: try entry.ruleServer(), path: try entry.string("path"),
            afterChallenge: try entry.bool("after-challenge") ?? false)
    }

    package var summary: String {
        "\(afterChallenge ? "answers the challenge of" : "authenticates to") \(server)\(path.map { " for \($0)" } ?? "") and gets a 2xx"
    }
}
