import MockAuthVocabulary

/// `request-body`: every request to the server (for `path`, when given) that was answered 2xx used
/// one of `methods` and carried the body the client was given, or none: the body resent whole after
/// a challenge, kept on a 307, dropped on a 303 (by a GET or a HEAD: RFC 9110 §15.4.4 allows both).
package struct RequestBody: ServerRule {
    package static let name: RuleName = "request-body"
    package var server: String
    package var path: String?
    /// The methods a correct client may use (303: GET or HEAD).
    package var methods: [String]
    package var body: ExpectedBody

    /// The body the rule expects.
    package enum ExpectedBody: String, Sendable, Equatable, CaseIterable {
        /// The body the client was given (`client.body`), byte for byte.
        case given
        /// No body at all.
        case none
    }

    package init(server: String, path: String?, methods: [String], body: ExpectedBody) {
        self.server = server
        self.path = path
        self.methods = methods
        self.body = body
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let server = try entry.ruleServer()
        // One method, or the set a correct client may use (`method: [GET, HEAD]`).
        let methodNode = try entry.required("method", example: "method: POST")
        let methods: [String]
        if case .sequence(let sequence) = methodNode {
            methods = try sequence.map { element throws(ScenarioError) in
                try element.scalarString(file: entry.file, what: "each method")
            }
        } else {
            methods = [try methodNode.scalarString(file: entry.file, what: "'method'")]
        }
        guard !methods.isEmpty else {
            throw ScenarioError(
                .invalidValue, at: entry.location(of: "method"), "'method' names no method", hint: "method: [GET, HEAD]"
            )
        }
        for method in methods where !HTTPFieldSyntax.isToken(method) {
            throw ScenarioError(
                .invalidValue, at: entry.location(of: "method"), "'\(method)' is not an HTTP method",
                hint: "method: POST")
        }
        let bodyNode = try entry.required("body", example: "body: given")
        let bodyName = try bodyNode.scalarString(file: entry.file, what: "'body'")
        guard let body = ExpectedBody(rawValue: bodyName) else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(bodyNode, file: entry.file),
                "'body' is given (the client's body) or none, not '\(bodyName)'", hint: "body: given")
        }
        return Self(server: server, path: try entry.string("path"), methods: methods, body: body)
    }

    /// `body: given` needs a body to compare with.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard body == .given, scenario.client.body == nil else { return }
        throw ScenarioError(
            .invalidValue, at: location, "'\(Self.name)' with 'body: given' needs a body in the client section",
            hint: "client:\n  method: POST\n  body: \"field=value\"")
    }

    package var summary: String {
        "\(methods.map { "\($0)s" }.joined(separator: " or ")) \(body == .given ? "the whole body" : "no body") to \(server)\(path.map { " \($0)" } ?? "")"
    }
}
