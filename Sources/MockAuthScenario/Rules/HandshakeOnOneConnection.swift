import MockAuthVocabulary

/// `handshake-on-one-connection`: connection-based handshakes (NTLM, Negotiate) stayed on one connection.
package struct HandshakeOnOneConnection: ServerRule {
    package static let name: RuleName = "handshake-on-one-connection"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    package var summary: String { "keeps the handshake with \(server) on one connection" }
}
