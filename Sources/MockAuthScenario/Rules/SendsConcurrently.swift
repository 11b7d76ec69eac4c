import MockAuthVocabulary

/// `sends-concurrently`: at least `requests` requests were in flight at the server at one time,
/// each arriving before the others were answered. `max-requests` and its kind count requests, and
/// their order says which came first, but not whether one was sent before the answer to another
/// came back: that needs the place of each answer too (``MockAuthTranscript/RequestRecord/answerSequence``).
///
/// An origin leaves a request in flight long enough to see only while it holds its answer: it
/// holds its challenges when the client is told to send its requests at once (`concurrent: true`),
/// so the rule says whether the client sent together the requests that met a challenge. It is the
/// precondition of scenarios about what a client does then (`bearer-refresh-concurrent`: requests
/// whose access token expired together), which a client that sends one request after another's
/// answer never reaches.
package struct SendsConcurrently: ServerRule {
    package static let name: RuleName = "sends-concurrently"
    package var server: String
    /// How many requests must have been in flight at once (2 or more).
    package var requests: Int

    package init(server: String, requests: Int) {
        self.server = server
        self.requests = requests
    }

    package static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self {
        Self(server: try entry.ruleServer(), requests: try entry.count("requests", example: 2))
    }

    /// The client is told to send its requests at once, `server` is an origin (which holds its
    /// challenges then), and the client is given at least `requests` requests for it, 2 or more.
    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {
        guard scenario.client.concurrent else {
            throw ScenarioError(
                .invalidValue, at: location,
                "'\(Self.name)' needs a client told to send its requests at once: only then does an origin hold its challenges, where requests sent together are seen in flight together",
                hint: "client:\n    concurrent: true")
        }
        guard scenario.server(server)?.role == .origin else {
            throw ScenarioError(
                .invalidValue, at: location, "'\(Self.name)' is about an origin: only an origin holds its challenges",
                hint: "server: origin")
        }
        let given = scenario.client.requests.filter { $0.server == server }.count
        guard requests >= 2, requests <= given else {
            throw ScenarioError(
                .invalidValue, at: location,
                "'requests' is how many of the \(given) requests the client is given for \(server) must be in flight at once: from 2 to \(given), not \(requests)",
                hint: "requests: 2")
        }
    }

    package var summary: String { "has \(requests) requests in flight at \(server) at once" }
}
