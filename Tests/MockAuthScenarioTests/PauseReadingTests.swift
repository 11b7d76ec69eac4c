import MockAuthScenario
import Testing

@Suite("Reading the client's pause between requests")
struct PauseReadingTests {
    static let base = """
        version: 1
        summary: Two requests with a pause.
        servers:
          origin:
            tls: { profile: valid }
            auth: { realm: r, schemes: [basic], username: alice, password: p }
        client:
          requests:
            - server: origin
              path: /first
            - server: origin
              path: /second
          credentials: { username: alice, password: p }
          pause-between-requests: 3
        expect:
          - rule: authenticates
            server: origin
        """

    @Test("pause-between-requests is read; without it, no pause")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "pause", file: "pause.yaml")
        #expect(scenario.client.pauseBetweenRequests == 3)
        let plain = try Scenario(
            yaml: Self.base.replacingOccurrences(of: "  pause-between-requests: 3\n", with: ""),
            name: "plain", file: "plain.yaml")
        #expect(plain.client.pauseBetweenRequests == nil)
    }

    @Test(
        "a pause is 1 to 30 whole seconds, between two requests or more",
        arguments: ["pause-between-requests: 0", "pause-between-requests: 31", "pause-between-requests: soon"])
    func refused(_ line: String) throws {
        let yaml = Self.base.replacingOccurrences(of: "pause-between-requests: 3", with: line)
        #expect(throws: ScenarioError.self) { try Scenario(yaml: yaml, name: "bad", file: "bad.yaml") }
    }

    @Test("a pause with one request is refused, saying why")
    func oneRequest() throws {
        let yaml = Self.base.replacingOccurrences(of: "    - server: origin\n      path: /second\n", with: "")
        let error = try #require(throws: ScenarioError.self) { try Scenario(yaml: yaml, name: "bad", file: "bad.yaml") }
        #expect(error.reason.contains("needs two requests or more"), "\(error)")
    }
}
