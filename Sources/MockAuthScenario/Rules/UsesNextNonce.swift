import MockAuthVocabulary

/// `uses-next-nonce`: after the server accepted a Digest answer and sent a `nextnonce` in
/// `Authentication-Info` (RFC 7616 §3.5, a SHOULD: usually `level: should`), the client's next
/// request to it answered with that nonce and was accepted, without a new challenge.
package struct UsesNextNonce: ServerRule {
    package static let name: RuleName = "uses-next-nonce"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    /// The rule reads which nonce each answer used: the server must send nextnonces.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard scenario.server(server)?.auth?.nextNonce == true else {
            throw ScenarioError(
                .invalidValue, at: location,
                "'\(Self.name)' needs server '\(server)' to send nextnonces: Digest with next-nonce: true",
                hint: "auth:\n          schemes: [digest-sha256, digest-md5]\n          next-nonce: true")
        }
    }

    /// A nextnonce is Digest's.
    package func acceptedSchemes(server: String) -> Set<HTTPAuthScheme>? {
        server == self.server ? [.digest] : nil
    }

    package var summary: String { "answers \(server)'s next request with the nextnonce it was sent" }
}
