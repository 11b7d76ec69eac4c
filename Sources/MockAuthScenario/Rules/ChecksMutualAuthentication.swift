import MockAuthVocabulary

/// `checks-mutual-authentication`: the server answered the client's Kerberos ticket with a forged
/// AP-REP (``KerberosReply/forged``: one only an impostor without the service's key would send), and
/// the client refused the response: it asked for mutual authentication and its command reported
/// the failure (a non-zero exit). The server cannot see a check the client makes on an answer, so
/// the client's own report is the evidence; a run with no command (the control API) is not judged.
package struct ChecksMutualAuthentication: ServerRule {
    package static let name: RuleName = "checks-mutual-authentication"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    /// The server must answer tickets with a forged AP-REP.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard let kerberos = scenario.server(server)?.auth?.kerberos, kerberos.issuesTickets,
            kerberos.reply == .forged
        else {
            throw ScenarioError(
                .invalidValue, at: location,
                "'\(Self.name)' needs server '\(server)' to answer Kerberos tickets with a forged AP-REP",
                hint: "auth:\n          schemes: [negotiate]\n          kerberos: { reply: forged }")
        }
    }

    package func acceptedSchemes(server: String) -> Set<HTTPAuthScheme>? {
        server == self.server ? [.negotiate] : nil
    }

    package var summary: String { "refuses \(server)'s answer when its Kerberos AP-REP does not verify" }
}
