import MockAuthVocabulary

/// `max-requests`: at most `requests` requests reached the server: the client ended a redirect
/// loop.
package struct MaxRequests: ServerRule {
    package static let name: RuleName = "max-requests"
    package var server: String
    package var requests: Int

    package init(server: String, requests: Int) {
        self.server = server
        self.requests = requests
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer(), requests: try entry.count("requests", example: 50))
    }

    package var summary: String { "sends at most \(requests) requests to \(server)" }
}
