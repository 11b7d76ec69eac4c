import MockAuthVocabulary

/// `uses-scheme`: every request with credentials used one of `schemes` (`scheme: Digest` or
/// `schemes: [Digest, NTLM]`). It also narrows what a client needs to take part: one of these
/// schemes, not any the server offers.
package struct UsesScheme: ServerRule {
    package static let name: RuleName = "uses-scheme"
    package var server: String
    package var schemes: [HTTPAuthScheme]

    package init(server: String, schemes: [HTTPAuthScheme]) {
        self.server = server
        self.schemes = schemes
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let server = try entry.ruleServer()
        var names = try entry.strings("schemes") ?? []
        if let single = try entry.string("scheme") { names.append(single) }
        guard !names.isEmpty else {
            throw ScenarioError(
                .missingKey, at: entry.location, "'\(Self.name)' needs 'scheme' or 'schemes'", hint: "scheme: Digest")
        }
        var schemes: [HTTPAuthScheme] = []
        for name in names {
            guard let scheme = HTTPAuthScheme(token: name) else {
                throw ScenarioError(
                    .invalidValue, at: entry.location, "unknown HTTP auth scheme '\(name)'",
                    hint: "one of \(HTTPAuthScheme.allCases.map(\.token).joined(separator: ", "))")
            }
            schemes.append(scheme)
        }
        return Self(server: server, schemes: schemes)
    }

    package func acceptedSchemes(server: String) -> Set<HTTPAuthScheme>? {
        server == self.server ? Set(schemes) : nil
    }

    package var summary: String { "answers \(server) with \(schemes.map(\.token).joined(separator: " or "))" }
}
