import MockAuthVocabulary

/// `rejects-certificate`: no HTTP request arrives over the server's TLS connections: the client
/// refused the certificate.
package struct RejectsCertificate: ServerRule {
    package static let name: RuleName = "rejects-certificate"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    package var summary: String { "refuses the certificate of \(server)" }
}
