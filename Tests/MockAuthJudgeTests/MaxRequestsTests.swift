import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import Testing

@testable import MockAuthJudge

@Suite("Judge: max-requests")
struct MaxRequestsTests {
    func verdict(_ records: [RequestRecord]) -> Verdict {
        Judge.verdict(
            for: Scenario(
                name: "loop", summary: "", servers: [ServerSpec(id: "origin")],
                client: ClientSpec(requests: [RequestSpec(server: "origin")]),
                expectations: [ScenarioExpectation(MaxRequests(server: "origin", requests: 100))]),
            transcript: Transcript(connections: [ConnectionRecord(id: 1, server: "origin", requests: records)]))
    }

    @Test("folded repeats count, the limit itself is allowed, one more is not, and no request is not exercised")
    func counts() {
        let a = RequestRecord(method: "GET", target: "/a", responseStatus: 302, sequence: 1, repeats: 49)
        let b = RequestRecord(method: "GET", target: "/b", responseStatus: 302, sequence: 2, repeats: 49)
        #expect(verdict([a, b]).result == .pass)
        var more = b
        more.repeats = 50
        let failed = verdict([a, more])
        #expect(failed.result == .fail)
        #expect(
            failed.violations.first?.reason == "origin received 101 requests (at most 100 allowed; the last GET /b)")
        #expect(verdict([]).result == .inconclusive)
    }
}
