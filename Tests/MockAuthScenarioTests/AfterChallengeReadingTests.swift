import MockAuthScenario
import Testing

@Suite("Reading authenticates' after-challenge")
struct AfterChallengeReadingTests {
    static let base = """
        version: 1
        summary: Basic, answered after its challenge.
        servers:
          origin:
            tls: { profile: valid }
            auth: { realm: r, schemes: [basic], username: alice, password: p }
        client:
          credentials: { username: alice, password: p }
        expect:
          - rule: authenticates
            server: origin
            after-challenge: true
        """

    @Test("after-challenge is read, and summarised; without it any credentials count")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "after", file: "after.yaml")
        #expect(scenario.expectations.first?.rule == Authenticates(server: "origin", path: nil, afterChallenge: true))
        #expect(scenario.expectations.first?.summary == "answers the challenge of origin and gets a 2xx")
        let plain = try Scenario(
            yaml: Self.base.replacingOccurrences(of: "\n    after-challenge: true", with: ""), name: "plain",
            file: "plain.yaml")
        #expect(plain.expectations.first?.rule == Authenticates(server: "origin", path: nil))
        #expect(plain.expectations.first?.summary == "authenticates to origin and gets a 2xx")
    }

    @Test("after-challenge belongs to authenticates alone, and is true or false")
    func elsewhere() throws {
        let other = Self.base.replacingOccurrences(of: "rule: authenticates", with: "rule: no-preemptive-credentials")
        #expect(throws: ScenarioError.self) { try Scenario(yaml: other, name: "bad", file: "bad.yaml") }
        let word = Self.base.replacingOccurrences(of: "after-challenge: true", with: "after-challenge: first")
        #expect(throws: ScenarioError.self) { try Scenario(yaml: word, name: "bad", file: "bad.yaml") }
    }
}
