import MockAuthVocabulary

/// `withholds-delegation`: the client's Kerberos tickets to the server came without its
/// ticket-granting ticket. The realm does not trust the server for delegation (no
/// `ok_as_delegate`), so forwarding it hands the server the user's identity for every other
/// service (RFC 4120 §2.8; curl's `--delegation always`, requests-gssapi's `delegate=True`).
package struct WithholdsDelegation: ServerRule {
    package static let name: RuleName = "withholds-delegation"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    /// The server must verify tickets, and the realm must not trust it for delegation.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard let kerberos = scenario.server(server)?.auth?.kerberos, kerberos.issuesTickets,
            !kerberos.trustedForDelegation
        else {
            throw ScenarioError(
                .invalidValue, at: location,
                "'\(Self.name)' needs server '\(server)' to verify Kerberos tickets and not be trusted for delegation",
                hint: "auth:\n          schemes: [negotiate]\n          kerberos: { trusted-for-delegation: false }")
        }
    }

    package func acceptedSchemes(server: String) -> Set<HTTPAuthScheme>? {
        server == self.server ? [.negotiate] : nil
    }

    package var summary: String { "forwards no ticket-granting ticket to \(server), which the realm does not trust" }
}
