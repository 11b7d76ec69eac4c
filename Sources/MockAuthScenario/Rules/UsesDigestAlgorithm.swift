import MockAuthSchemes
import MockAuthVocabulary

/// `uses-digest-algorithm`: every Digest answer used one of `algorithms` (RFC 7616 tokens,
/// compared case-insensitively): a client that skips a challenge of an algorithm it does not know
/// answers the strongest it knows, not the first or the last.
package struct UsesDigestAlgorithm: ServerRule {
    package static let name: RuleName = "uses-digest-algorithm"
    package var server: String
    package var algorithms: [String]

    package init(server: String, algorithms: [String]) {
        self.server = server
        self.algorithms = algorithms
    }

    /// `algorithm` or `algorithms`: RFC 7616 tokens MockAuth verifies.
    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let server = try entry.ruleServer()
        var names = try entry.strings("algorithms") ?? []
        if let single = try entry.string("algorithm") { names.append(single) }
        let known = DigestAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
        guard !names.isEmpty else {
            throw ScenarioError(
                .missingKey, at: entry.location, "'\(Self.name)' needs 'algorithm' or 'algorithms'",
                hint: "algorithm: SHA-256")
        }
        for name in names where DigestAlgorithm(token: name) == nil {
            throw ScenarioError(
                .invalidValue, at: entry.location, "unknown Digest algorithm '\(name)'", hint: "one of \(known)")
        }
        return Self(server: server, algorithms: names)
    }

    package var summary: String {
        "answers \(server)'s Digest challenges with \(algorithms.joined(separator: " or "))"
    }
}
