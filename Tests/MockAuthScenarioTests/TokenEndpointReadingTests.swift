import Foundation
import MockAuthScenario
import Testing

@Suite("Reading OAuth: the token-endpoint role, auth's token-endpoint and refresh-token-stays-home")
struct TokenEndpointReadingTests {
    static let base = """
        version: 1
        summary: Refresh.
        servers:
          origin:
            tls: { profile: valid }
            auth: { schemes: [bearer], token-endpoint: tokens }
          tokens:
            tls: { profile: valid }
            token-endpoint:
              client-id: app
              client-secret: s3cret
              access-token: at-1
              refresh-token: rt-1
              uses: 2
              refresh: refuses
        expect:
          - rule: refresh-token-stays-home
            server: origin
        """

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try Scenario(yaml: yaml, name: "refresh", file: "refresh.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("the endpoint, the resource server's key, the rule and the feature are read")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "refresh", file: "refresh.yaml")
        let endpoint = try #require(scenario.server("tokens")?.tokenEndpoint)
        #expect(
            [endpoint.clientID, endpoint.clientSecret, endpoint.accessToken, endpoint.refreshToken]
                == ["app", "s3cret", "at-1", "rt-1"])
        #expect(endpoint.usesPerToken == 2 && endpoint.refresh.rawValue == "refuses")
        #expect(endpoint.lifetimeSeconds == nil && !endpoint.accessTokenExpired)
        #expect(scenario.server("origin")?.auth?.tokenEndpoint == "tokens")
        #expect(scenario.refreshToken == "rt-1")
        #expect(scenario.expectations.first?.rule == RefreshTokenStaysHome(server: "origin"))
        #expect(scenario.requirements.features.contains(.tokenRefresh))
    }

    @Test("lifetime-seconds and access-token-expired are read")
    func lifetimeAndExpired() throws {
        let yaml = Self.base.replacingOccurrences(
            of: "      uses: 2\n", with: "      uses: 2\n      lifetime-seconds: 30\n      access-token-expired: true\n"
        )
        let endpoint = try #require(
            try Scenario(yaml: yaml, name: "refresh", file: "refresh.yaml").server("tokens")?.tokenEndpoint)
        #expect(endpoint.lifetimeSeconds == 30 && endpoint.accessTokenExpired && endpoint.usesPerToken == 2)
    }

    @Test(
        "what the loader refuses, with what to write instead",
        arguments: [
            ("token-endpoint: tokens }", "token-endpoint: nowhere }", "names no token endpoint"),
            ("      uses: 2\n", "      uses: 0\n", "at least 1"),
            ("      uses: 2\n", "      lifetime-seconds: 0\n", "from 1 to 86400, not 0"),
            ("      uses: 2\n", "      lifetime-seconds: 90000\n", "from 1 to 86400, not 90000"),
            ("      uses: 2\n", "      lifetime-seconds: soon\n", "'lifetime-seconds' must be a whole number"),
            ("      uses: 2\n", "      access-token-expired: maybe\n", "'access-token-expired' must be true or false"),
            ("      uses: 2\n", "      expires: 30\n", "expires"),
            ("      refresh: refuses\n", "      refresh: sometimes\n", "unknown refresh answer"),
            ("      refresh-token: rt-1\n", "      refresh-token: at-1\n", "must differ from the access token"),
            ("      client-secret: s3cret\n", "      client-secret: \"two words\"\n", "printable ASCII"),
            (
                "    tls: { profile: valid }\n    token-endpoint:",
                "    auth: { schemes: [basic], username: a, password: b }\n    token-endpoint:",
                "answers POST /token only"
            ),
            ("    server: origin", "    server: tokens", "where the refresh token belongs"),
            ("expect:", "client:\n  token: at-1\nexpect:", "'token' would say it twice"),
        ])
    func refuses(_ edit: (String, String, String)) throws {
        let yaml = Self.base.replacingOccurrences(of: edit.0, with: edit.1)
        #expect(yaml != Self.base, "the edit \(edit.0) applies")
        let message = try #require(error(yaml)).description
        #expect(message.contains(edit.2), "\(message)")
    }
}
