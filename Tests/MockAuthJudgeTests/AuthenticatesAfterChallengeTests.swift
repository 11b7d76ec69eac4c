import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import Testing

@testable import MockAuthJudge

@Suite("Judge: authenticates with after-challenge")
struct AuthenticatesAfterChallengeTests {
    func verdict(_ requests: [RequestRecord]) -> Verdict {
        Judge.verdict(
            for: Scenario(
                name: "challenge-example", summary: "",
                servers: [ServerSpec(id: "origin", tls: TLSSpec(profile: .valid))],
                client: ClientSpec(requests: [RequestSpec(server: "origin")]),
                expectations: [
                    ScenarioExpectation(
                        Authenticates(server: "origin", path: nil, afterChallenge: true),
                        because: "it did not find Basic")
                ]),
            transcript: Transcript(
                endpoints: [EndpointRecord(server: "origin", url: "https://127.0.0.1:4433")],
                connections: [
                    ConnectionRecord(
                        id: 1, server: "origin", tls: TLSHandshakeRecord(state: .completed), requests: requests)
                ]))
    }

    static func request(_ sequence: UInt64, _ decision: AuthRecord.Decision, status: Int) -> RequestRecord {
        RequestRecord(
            method: "GET", target: "/", responseStatus: status, sequence: sequence,
            auth: AuthRecord(
                decision: decision, header: "Authorization", realm: "simple", offered: [.basic],
                scheme: decision == .challenged ? nil : "Basic", username: decision == .challenged ? nil : "alice"))
    }

    @Test("credentials sent unasked that get in never read the challenge: inconclusive, not a pass nor a failure")
    func unasked() {
        let judged = verdict([Self.request(1, .authenticated, status: 200)])
        #expect(judged.result == .inconclusive)
        #expect(
            judged.inconclusiveReasons.first?.reason
                == "GET / carried Basic before origin (https://127.0.0.1:4433) had sent any challenge and was answered 200: the client never read the challenge, so whether it finds the scheme there was never tested"
        )
    }

    @Test("an answer to the challenge holds; no answer is violated, as without after-challenge")
    func answered() {
        let judged = verdict([Self.request(1, .challenged, status: 401), Self.request(2, .authenticated, status: 200)])
        #expect(judged.result == .pass)
        #expect(
            judged.met.first?.reason
                == "GET / authenticated with Basic as alice in answer to the challenge and was answered 200")
        let unanswered = verdict([Self.request(1, .challenged, status: 401)])
        #expect(unanswered.result == .fail)
        #expect(
            unanswered.violations.first?.reason
                == "the client never answered the challenge of origin (https://127.0.0.1:4433), which offered Basic; its last request, GET /, carried no credentials"
        )
    }
}
