import MockAuthScenario
import Testing

@Suite("Reading a client told to send at once: concurrent, and sends-concurrently")
struct ConcurrentClientReadingTests {
    static let base = """
        version: 1
        summary: At once.
        servers:
          origin:
            auth: { schemes: [basic], username: alice, password: wonderland-7 }
          other: {}
        client:
          concurrent: true
          requests:
            - server: origin
              path: /one
            - server: origin
              path: /two
            - server: other
        expect:
          - rule: sends-concurrently
            server: origin
            requests: 2
            precondition: true
          - rule: max-requests
            server: origin
            requests: 4
        """

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try Scenario(yaml: yaml, name: "at-once", file: "at-once.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("concurrent and the rule are read; a client is told nothing of it by default")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "at-once", file: "at-once.yaml")
        #expect(scenario.client.concurrent)
        #expect(scenario.expectations.first?.rule == SendsConcurrently(server: "origin", requests: 2))
        #expect(scenario.expectations.first?.precondition == true)
        let plain = try Scenario(
            yaml:
                "version: 1\nsummary: x\nservers:\n  origin: {}\nexpect:\n  - { rule: request-succeeds, server: origin }\n",
            name: "plain", file: "plain.yaml")
        #expect(!plain.client.concurrent)
    }

    @Test(
        "what the loader refuses, with what to write instead",
        arguments: [
            ("  concurrent: true\n", "  concurrent: often\n", "'concurrent' must be true or false"),
            (
                "  concurrent: true\n", "  concurrent: true\n  pause-between-requests: 2\n",
                "'concurrent' or 'pause-between-requests', not both"
            ),
            (
                "    - server: origin\n      path: /two\n    - server: other\n", "",
                "'concurrent' needs two requests or more"
            ),
            ("  concurrent: true\n", "", "needs a client told to send its requests at once"),
            ("    server: origin\n    requests: 2\n", "    server: other\n    requests: 2\n", "from 2 to 1, not 2"),
            ("    requests: 2\n    precondition", "    requests: 3\n    precondition", "from 2 to 2, not 3"),
            ("    requests: 2\n    precondition", "    requests: 1\n    precondition", "from 2 to 2, not 1"),
        ])
    func refuses(_ edit: (String, String, String)) throws {
        let yaml = Self.base.replacingOccurrences(of: edit.0, with: edit.1)
        #expect(yaml != Self.base, "the edit \(edit.0) applies")
        let message = try #require(error(yaml)).description
        #expect(message.contains(edit.2), "\(message)")
    }

    @Test("sends-concurrently is about an origin: a proxy holds no challenges")
    func originOnly() throws {
        var client = ClientSpec(requests: [RequestSpec(server: "relay"), RequestSpec(server: "relay", path: "/b")])
        client.concurrent = true
        let scenario = Scenario(
            name: "relay", summary: "", servers: [ServerSpec(id: "relay", role: .forwardProxy)], client: client,
            expectations: [])
        let location = ScenarioLocation(file: "relay.yaml", line: 1, column: 1)
        #expect(throws: ScenarioError.self) {
            try SendsConcurrently(server: "relay", requests: 2).check(in: scenario, at: location)
        }
        do {
            try SendsConcurrently(server: "relay", requests: 2).check(in: scenario, at: location)
        } catch {
            #expect(error.description.contains("is about an origin"), "\(error)")
        }
    }
}
