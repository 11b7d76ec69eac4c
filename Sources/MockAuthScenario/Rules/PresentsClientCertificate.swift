import MockAuthVocabulary

/// `presents-client-certificate`: every request to the server arrives over a handshake in which the
/// client presented the harness client identity, and at least one arrives.
package struct PresentsClientCertificate: ServerRule {
    package static let name: RuleName = "presents-client-certificate"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    /// The server must require a client certificate: one that only asks would serve a client that
    /// presents none, and the rule would judge nothing.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard scenario.server(server)?.tls?.profile.traits.clientCertificates?.mode == .required else {
            throw ScenarioError(
                .invalidValue, at: location,
                "'\(Self.name)' needs server '\(server)' to require a client certificate (client-cert-required or client-cert-selection)",
                hint: "tls: { profile: client-cert-required }")
        }
    }

    package var summary: String { "presents the client certificate to \(server)" }
}
