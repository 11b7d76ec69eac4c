import MockAuthVocabulary

/// `upgrades-to-https`: once the server (a TLS server whose route sends Strict-Transport-Security)
/// has answered a request 2xx, the client, given an `http://` URL for `path` on that host and
/// port, requests it over TLS and sends nothing there in plain text (RFC 6797 §8.3).
package struct UpgradesToHTTPS: ServerRule {
    package static let name: RuleName = "upgrades-to-https"
    package var server: String
    package var path: String

    package init(server: String, path: String) {
        self.server = server
        self.path = path
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        let server = try entry.ruleServer()
        return Self(server: server, path: try entry.requiredString("path", example: "/next"))
    }

    /// The server must speak TLS and send the policy from a route.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard let spec = scenario.server(server), spec.tls != nil,
            spec.routes.contains(where: \.setsStrictTransportSecurity)
        else {
            throw ScenarioError(
                .invalidValue, at: location,
                "'\(Self.name)' needs server '\(server)' to speak TLS and a route of it to send Strict-Transport-Security",
                hint:
                    "tls: { profile: valid }\n    routes:\n      - { path: /, headers: { Strict-Transport-Security: max-age=600 } }"
            )
        }
    }

    package var summary: String {
        "requests http://…\(path) over TLS once \(server) sent Strict-Transport-Security, nothing in plain text"
    }
}
