import MockAuthVocabulary

/// `connects-by-name`: every CONNECT the SOCKS5 proxy `server` received named its target by domain name (address
/// type 3), and one arrived: the client let the proxy resolve the name (`socks5h`) rather than
/// resolving it itself and sending an address.
package struct ConnectsByName: ServerRule {
    package static let name: RuleName = "connects-by-name"
    package var server: String

    package init(server: String) {
        self.server = server
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer())
    }

    /// The rule reads a SOCKS5 CONNECT's address type: the server must be a SOCKS5 proxy.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard case .socks5? = scenario.server(server)?.role else {
            throw ScenarioError(
                .invalidValue, at: location,
                "'\(Self.name)' needs server '\(server)' to be a SOCKS5 proxy: it reads the CONNECT's address type",
                hint: "servers:\n      \(server):\n        proxy: socks5")
        }
    }

    package var summary: String { "sends \(server) its CONNECT by name, for the proxy to resolve" }
}
