import MockAuthVocabulary

/// `heeds-revocation`: a client that looked up the revocation status of the server's certificate
/// (it fetched the CRL from, or asked the OCSP responder of, the revocation server `revocation`)
/// sent no request over that certificate: it heeded a `revoked` or `unknown` answer. A client that
/// never looked holds it (whether it should have looked is a rule of its own: the certificate's
/// rejection).
package struct HeedsRevocation: ServerRule {
    package static let name: RuleName = "heeds-revocation"
    package var server: String
    /// The scenario's revocation server.
    package var revocation: String

    package init(server: String, revocation: String) {
        self.server = server
        self.revocation = revocation
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let server = try entry.ruleServer()
        return Self(server: server, revocation: try entry.requiredString("revocation", example: "revocation"))
    }

    /// `revocation` names the scenario's revocation server.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        try scenario.requireServer(revocation, at: location)
        guard scenario.server(revocation)?.role == .revocation else {
            throw ScenarioError(
                .invalidValue, at: location, "'\(revocation)' is not the scenario's revocation server",
                hint: "servers:\n      \(revocation):\n        revocation: true")
        }
    }

    package var summary: String { "refuses \(server)'s certificate once \(revocation) says it is not good" }
}
