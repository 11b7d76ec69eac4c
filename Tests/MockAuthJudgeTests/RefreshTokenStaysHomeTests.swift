import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

@Suite("Judge: refresh-token-stays-home, and max-requests: 0")
struct RefreshTokenStaysHomeTests {
    static let yaml = """
        version: 1
        summary: Stays home.
        servers:
          origin:
            auth: { schemes: [bearer], token-endpoint: tokens }
          tokens:
            token-endpoint: { client-id: app, client-secret: s, access-token: at-1, refresh-token: rt-secret-1 }
        expect:
          - rule: refresh-token-stays-home
            server: origin
          - rule: max-requests
            server: tokens
            requests: 0
        """

    func verdict(_ records: [RequestRecord]) throws -> Verdict {
        Judge.verdict(
            for: try Scenario(yaml: Self.yaml, name: "stays-home", file: "stays-home.yaml"),
            transcript: Transcript(connections: [ConnectionRecord(id: 1, server: "origin", requests: records)]))
    }

    @Test("the access token passes; the refresh token in a header or in the target fails, and is never quoted")
    func judges() throws {
        let good = RequestRecord(
            method: "GET", target: "/", headers: [HeaderField(name: "Authorization", value: "Bearer at-1")],
            responseStatus: 200, sequence: 1)
        #expect(try verdict([good]).result == .pass)
        let header = RequestRecord(
            method: "GET", target: "/two", headers: [HeaderField(name: "X-Refresh", value: "rt-secret-1")],
            responseStatus: 200, sequence: 2)
        let inHeader = try verdict([good, header])
        #expect(inHeader.result == .fail)
        #expect(inHeader.violations.first?.reason == "origin received the refresh token in X-Refresh with GET /two")
        let query = RequestRecord(
            method: "GET", target: "/?refresh_token=rt-secret-1", responseStatus: 200, sequence: 2)
        let inTarget = try verdict([query])
        #expect(inTarget.result == .fail)
        #expect(inTarget.violations.allSatisfy { !$0.reason.contains("rt-secret-1") })
    }

    @Test("max-requests: 0 is met when no request arrived, violated by one")
    func maxZero() {
        let scenario = Scenario(
            name: "none", summary: "", servers: [ServerSpec(id: "tokens")],
            client: ClientSpec(requests: [RequestSpec(server: "tokens")]),
            expectations: [ScenarioExpectation(MaxRequests(server: "tokens", requests: 0))])
        #expect(Judge.verdict(for: scenario, transcript: Transcript(connections: [])).result == .pass)
        let one = RequestRecord(method: "POST", target: "/token", responseStatus: 200, sequence: 1)
        let transcript = Transcript(connections: [ConnectionRecord(id: 1, server: "tokens", requests: [one])])
        #expect(Judge.verdict(for: scenario, transcript: transcript).result == .fail)
    }
}
