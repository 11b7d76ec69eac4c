import MockAuthVocabulary

/// `refresh-token-stays-home`: the server (a resource server, or any other but the token endpoint)
/// never received the refresh token the client is given, in any header field or in the request
/// target: RFC 6749 §10.4 keeps it between the client and the authorization server. `never-receives`
/// cannot say it: the refresh token travels as a value (a `Bearer` credential, a header the client
/// made up, a query parameter), not as a field of its own.
package struct RefreshTokenStaysHome: ServerRule {
    package static let name: RuleName = "refresh-token-stays-home"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    /// The scenario has a token endpoint (its client is given a refresh token), and `server` is not it.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard let endpoint = scenario.tokenEndpoint else {
            throw ScenarioError(
                .invalidValue, at: location,
                "'\(Self.name)' needs a token endpoint, whose refresh token the client is given",
                hint: "servers:\n      tokens:\n        token-endpoint: { … }")
        }
        guard endpoint.server.id != server else {
            throw ScenarioError(
                .invalidValue, at: location, "the token endpoint is where the refresh token belongs",
                hint: "server: origin")
        }
    }

    package var summary: String { "never sends the refresh token to \(server)" }
}
