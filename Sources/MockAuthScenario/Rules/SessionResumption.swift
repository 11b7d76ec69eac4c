import MockAuthVocabulary

/// `session-resumption`: with `resumed` true, a TLS connection to the server resumed a session the
/// server had issued (the client keeps its sessions); with `resumed` false, none did (the client
/// must not resume, e.g. after its identity or credentials changed).
package struct SessionResumption: ServerRule {
    package static let name: RuleName = "session-resumption"
    package var server: String
    package var resumed: Bool

    package init(server: String, resumed: Bool) {
        self.server = server
        self.resumed = resumed
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let server = try entry.ruleServer()
        guard let resumed = try entry.bool("resumed") else {
            throw ScenarioError(
                .missingKey, at: entry.location,
                "'\(name)' needs 'resumed': true to expect a resumed session, false to forbid one",
                hint: "resumed: true")
        }
        return Self(server: server, resumed: resumed)
    }

    package var summary: String {
        resumed ? "resumes its TLS session with \(server)" : "never resumes a TLS session with \(server)"
    }
}
