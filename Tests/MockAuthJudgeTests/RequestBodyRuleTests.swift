import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

@Suite("Judge: request-body")
struct RequestBodyRuleTests {
    static let given = String(repeating: "field=value&", count: 10)

    func verdict(_ rule: any ScenarioRule, _ records: [RequestRecord]) -> Verdict {
        Judge.verdict(
            for: Scenario(
                name: "body", summary: "", servers: [ServerSpec(id: "origin")],
                client: ClientSpec(requests: [RequestSpec(server: "origin")], method: "POST", body: Self.given),
                expectations: [ScenarioExpectation(rule)]),
            transcript: Transcript(connections: [ConnectionRecord(id: 1, server: "origin", requests: records)]))
    }

    func post(_ sequence: UInt64, status: Int, body: String?, method: String = "POST", target: String = "/")
        -> RequestRecord
    {
        RequestRecord(
            method: method, target: target, responseStatus: status, sequence: sequence,
            body: body.map { BodyRecord(of: Array($0.utf8)) })
    }

    let resent = RequestBody(server: "origin", path: nil, methods: ["POST"], body: .given)

    @Test("the served request must carry the given body; the challenged one may carry none (100-continue)")
    func resentWhole() {
        #expect(
            verdict(resent, [post(1, status: 401, body: nil), post(2, status: 200, body: Self.given)]).result == .pass)
        let emptied = verdict(resent, [post(1, status: 401, body: Self.given), post(2, status: 200, body: nil)])
        #expect(emptied.result == .fail)
        #expect(
            emptied.violations.first?.reason
                == "POST / carried no body; it should have carried the 120 bytes the client was given")
        let cut = verdict(resent, [post(1, status: 200, body: String(Self.given.prefix(50)))])
        #expect(cut.violations.first?.reason == "POST / carried 50 bytes of body; the client was given 120")
        let other = verdict(resent, [post(1, status: 200, body: String(Self.given.reversed()))])
        #expect(
            other.violations.first?.reason
                == "POST / carried a body of the right size but other bytes than the client was given")
    }

    @Test("a 303 must become a bodiless GET or HEAD; nothing served is not exercised")
    func seeOther() {
        let rule = RequestBody(
            server: "origin", path: "/result", methods: ["GET", "HEAD"], body: .none)
        #expect(verdict(rule, [post(1, status: 200, body: nil, method: "GET", target: "/result")]).result == .pass)
        // RFC 9110 §15.4.4: a user agent may retrieve the new location with HEAD as well.
        let head = verdict(rule, [post(1, status: 200, body: nil, method: "HEAD", target: "/result")])
        #expect(head.result == .pass, "\(head.report)")
        let repeated = verdict(rule, [post(1, status: 200, body: Self.given, target: "/result")])
        #expect(
            repeated.violations.first?.reason
                == "POST /result was answered 200 but should have been a GET or HEAD (it carried 120 bytes)")
        let withBody = verdict(rule, [post(1, status: 200, body: Self.given, method: "GET", target: "/result")])
        #expect(
            withBody.violations.first?.reason == "GET /result carried a body of 120 bytes; it should have carried none")
        #expect(verdict(rule, [post(1, status: 303, body: Self.given)]).result == .inconclusive)
    }
}
