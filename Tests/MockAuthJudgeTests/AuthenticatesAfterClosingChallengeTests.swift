import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import Testing

@testable import MockAuthJudge

@Suite("Judge: authenticates after a 407 that closed its connection (proxy-407-connection-close)")
struct AuthenticatesAfterClosingChallengeTests {
    func verdict(_ connections: [ConnectionRecord]) -> Verdict {
        Judge.verdict(
            for: Scenario(
                name: "closing-proxy", summary: "",
                servers: [ServerSpec(id: "proxy", role: .forwardProxy), ServerSpec(id: "origin")],
                client: ClientSpec(requests: [RequestSpec(server: "origin")]),
                expectations: [
                    ScenarioExpectation(
                        Authenticates(server: "proxy", path: nil, afterChallenge: true),
                        because: "it did not answer the proxy's 407 on a new connection")
                ]),
            transcript: Transcript(
                endpoints: [EndpointRecord(server: "proxy", url: "http://127.0.0.1:3128")], connections: connections))
    }

    static let challenged = RequestRecord(
        method: "CONNECT", target: "127.0.0.1:4433", responseStatus: 407, sequence: 1,
        auth: AuthRecord(
            decision: .challenged, header: "Proxy-Authorization", realm: "proxy", offered: [.basic],
            reason: "no credentials"),
        closedConnection: true)

    static let answered = RequestRecord(
        method: "CONNECT", target: "127.0.0.1:4433", responseStatus: 200, sequence: 2,
        auth: AuthRecord(
            decision: .authenticated, header: "Proxy-Authorization", realm: "proxy", offered: [.basic],
            scheme: "Basic", username: "proxy-user"))

    @Test("the answer on a new connection holds, and the verdict names both connections")
    func redialled() {
        let judged = verdict([
            ConnectionRecord(id: 1, server: "proxy", requests: [Self.challenged], closed: true),
            ConnectionRecord(id: 2, server: "proxy", requests: [Self.answered]),
        ])
        #expect(judged.result == .pass)
        #expect(
            judged.met.first?.reason
                == "CONNECT 127.0.0.1:4433 authenticated with Basic as proxy-user in answer to the challenge on a new connection (#2) after proxy (http://127.0.0.1:3128) closed connection #1 with its 407 and was answered 200"
        )
    }

    @Test("nothing after the closing 407: the client gave up there, in words that say the proxy closed")
    func gaveUp() {
        let judged = verdict([ConnectionRecord(id: 1, server: "proxy", requests: [Self.challenged], closed: true)])
        #expect(judged.result == .fail)
        #expect(
            judged.violations.first?.reason
                == "the client never answered the challenge of proxy (http://127.0.0.1:3128), which offered Basic: proxy answered CONNECT 127.0.0.1:4433 with 407 and closed the connection (#1), and the client gave up there, with no request on a new connection"
        )
    }

    @Test("a 407 that kept its connection is worded as before")
    func keptOpen() {
        var kept = Self.challenged
        kept.closedConnection = nil
        let judged = verdict([ConnectionRecord(id: 1, server: "proxy", requests: [kept])])
        #expect(
            judged.violations.first?.reason
                == "the client never answered the challenge of proxy (http://127.0.0.1:3128), which offered Basic; its last request, CONNECT 127.0.0.1:4433, carried no credentials"
        )
    }
}
