import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

@Suite("Judge: http-version, and a request reset with HTTP_1_1_REQUIRED")
struct HTTPVersionTests {
    func verdict(_ rule: any ScenarioRule, level: ExpectationLevel = .must, _ records: [RequestRecord]) -> Verdict {
        Judge.verdict(
            for: Scenario(
                name: "h2", summary: "", servers: [ServerSpec(id: "origin", http2: .besideHTTP1)],
                client: ClientSpec(requests: [RequestSpec(server: "origin")]),
                expectations: [ScenarioExpectation(rule, level: level)]),
            transcript: Transcript(connections: [ConnectionRecord(id: 1, server: "origin", requests: records)]))
    }

    static let overHTTP2 = HTTPVersionUsed(server: "origin", version: .http2)

    func request(_ sequence: UInt64, _ version: HTTPProtocolVersion?, status: Int? = 200) -> RequestRecord {
        RequestRecord(method: "GET", target: "/", responseStatus: status, sequence: sequence, httpVersion: version)
    }

    @Test("every request over HTTP/2 holds; one over HTTP/1.1 is violated; none is not exercised")
    func versions() {
        let met = verdict(Self.overHTTP2, [request(1, .http2, status: 401), request(2, .http2)])
        #expect(met.result == .pass)
        #expect(met.findings.first?.reason == "all 2 requests to origin arrived over HTTP/2")

        let violated = verdict(Self.overHTTP2, [request(1, .http1_1, status: 401), request(2, .http1_1)])
        #expect(violated.result == .fail)
        #expect(
            violated.violations.first?.reason == "GET / (and 1 more request) reached origin over HTTP/1.1, not HTTP/2")

        let unrecorded = verdict(Self.overHTTP2, [request(1, nil)])
        #expect(unrecorded.violations.first?.reason.contains("does not record") == true)

        #expect(verdict(Self.overHTTP2, []).result == .inconclusive)
    }

    @Test("as a should, an HTTP/1.1-only client is reported and passes")
    func should() {
        let judged = verdict(Self.overHTTP2, level: .should, [request(1, .http1_1)])
        #expect(judged.result == .pass)
        #expect(judged.findings.first?.outcome == .violated)
    }

    @Test("authenticates names the reset when the client never sent the request again over HTTP/1.1")
    func resetNotRetried() {
        var reset = request(1, .http2, status: nil)
        reset.streamReset = .http11Required
        let judged = verdict(Authenticates(server: "origin", path: nil), [reset])
        #expect(judged.result == .fail)
        #expect(
            judged.violations.first?.reason
                == "origin reset GET / over HTTP/2 with HTTP_1_1_REQUIRED (connection-based authentication (NTLM, Negotiate) cannot work over HTTP/2), and the client never sent it again over HTTP/1.1"
        )
        #expect(reset.answerSummary == "reset with HTTP_1_1_REQUIRED (HTTP/2 stream)")
    }
}
