import MockAuthVocabulary

/// `withholds-client-certificate`: the client presented no certificate to the server, which asks
/// for one it was not given (its request names another CA, or the client holds no identity for
/// it), and it connected.
package struct WithholdsClientCertificate: ServerRule {
    package static let name: RuleName = "withholds-client-certificate"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    /// The server must ask for a client certificate, or there is nothing to withhold.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard scenario.server(server)?.tls?.profile.traits.clientCertificates != nil else {
            throw ScenarioError(
                .invalidValue, at: location, "'\(Self.name)' needs server '\(server)' to ask for a client certificate",
                hint: "tls: { profile: client-cert-unrequested }")
        }
    }

    package var summary: String { "presents no client certificate to \(server)" }
}
