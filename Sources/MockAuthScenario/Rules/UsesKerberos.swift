import MockAuthVocabulary

/// `uses-kerberos`: the client answered the server's `Negotiate` with a Kerberos ticket for the
/// server's own service principal (`HTTP/<host>`, the name it was told, without a port), and the
/// server verified it with its key. NTLM inside SPNEGO, or a ticket for another name, is not Kerberos
/// done right.
package struct UsesKerberos: ServerRule {
    package static let name: RuleName = "uses-kerberos"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    /// The server must verify Kerberos tickets, and its realm must issue them.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard let kerberos = scenario.server(server)?.auth?.kerberos, kerberos.issuesTickets else {
            throw ScenarioError(
                .invalidValue, at: location,
                "'\(Self.name)' needs server '\(server)' to verify Kerberos tickets its realm issues",
                hint: "auth:\n          schemes: [negotiate]\n          kerberos: true")
        }
    }

    /// Kerberos travels in Negotiate.
    package func acceptedSchemes(server: String) -> Set<HTTPAuthScheme>? {
        server == self.server ? [.negotiate] : nil
    }

    package var summary: String { "answers \(server)'s Negotiate with a Kerberos ticket for its own service principal" }
}
