import MockAuthScenario
import MockAuthTranscript
import Testing

@testable import MockAuthJudge

@Suite("Judge: upgrades-to-https")
struct UpgradesToHTTPSTests {
    let scenario = Scenario(
        name: "hsts-upgrade", summary: "",
        servers: [ServerSpec(id: "secure", tls: TLSSpec(profile: .valid))],
        client: ClientSpec(requests: [
            RequestSpec(server: "secure"), RequestSpec(server: "secure", path: "/next", scheme: .http),
        ]),
        expectations: [ScenarioExpectation(UpgradesToHTTPS(server: "secure", path: "/next"), because: "it leaked")])

    /// The first connection: GET / over TLS, answered `status` (the response that carries the policy).
    func policy(status: Int = 200) -> ConnectionRecord {
        ConnectionRecord(
            id: 1, server: "secure", tls: TLSHandshakeRecord(state: .completed),
            requests: [RequestRecord(method: "GET", target: "/", responseStatus: status, sequence: 1)], closed: true)
    }

    /// A connection on which the client sent `method` in plain text to the TLS port.
    func plain(id: UInt64, method: String = "GET", repeats: Int = 0) -> ConnectionRecord {
        ConnectionRecord(
            id: id, server: "secure",
            tls: TLSHandshakeRecord(state: .failed, error: "HTTP_REQUEST", plainHTTPMethod: method), closed: true,
            repeats: repeats)
    }

    @Test("GET /next over TLS after the policy: met")
    func upgraded() {
        let next = ConnectionRecord(
            id: 2, server: "secure", tls: TLSHandshakeRecord(state: .completed),
            requests: [RequestRecord(method: "GET", target: "/next", responseStatus: 200, sequence: 2)], closed: true)
        let verdict = Judge.verdict(for: scenario, transcript: Transcript(connections: [policy(), next]))
        #expect(verdict.result == .pass, "\(verdict.report)")
        #expect(
            verdict.met.map(\.reason) == [
                "GET /next reached secure over TLS after GET / had carried its policy: the client upgraded the http:// URL"
            ])
    }

    @Test("a plain-text request line after the policy: violated, naming the method only")
    func plainText() {
        let verdict = Judge.verdict(for: scenario, transcript: Transcript(connections: [policy(), plain(id: 2)]))
        #expect(verdict.result == .fail)
        #expect(
            verdict.violations.map(\.reason) == [
                "after GET / was answered 200 over HTTPS, the client sent an HTTP request (GET) in plain text to secure, where the TLS handshake was expected: it leaked"
            ])

        // Plain text then TLS (a client that retries) still sent it in clear; repeats are counted.
        let retried = ConnectionRecord(
            id: 3, server: "secure", tls: TLSHandshakeRecord(state: .completed),
            requests: [RequestRecord(method: "GET", target: "/next", responseStatus: 200, sequence: 2)])
        let both = Judge.verdict(
            for: scenario, transcript: Transcript(connections: [policy(), plain(id: 2, repeats: 2), retried]))
        #expect(both.result == .fail)
        #expect(both.violations.first?.reason.contains("(on 3 connections)") == true, "\(both.report)")
    }

    @Test(
        "no policy received (nothing, a refused handshake, a 404), or no request for the path after it: inconclusive")
    func notExercised() {
        let refused = ConnectionRecord(
            id: 1, server: "secure", tls: TLSHandshakeRecord(state: .failed, alert: "unknown_ca"), closed: true)
        let cases: [([ConnectionRecord], String)] = [
            ([], "the client never connected"),
            ([refused], "aborted the handshake with alert unknown_ca"),
            ([policy(status: 404)], "no request to secure was answered 2xx"),
            ([policy()], "the client sent no request for /next to secure"),
        ]
        for (connections, words) in cases {
            let verdict = Judge.verdict(for: scenario, transcript: Transcript(connections: connections))
            #expect(verdict.result == .inconclusive, "\(verdict.report)")
            #expect(verdict.inconclusiveReasons.first?.reason.contains(words) == true, "\(verdict.report)")
        }
    }

    @Test("plain text before any policy was received is not counted against HSTS")
    func plainTextBeforePolicy() {
        let verdict = Judge.verdict(for: scenario, transcript: Transcript(connections: [plain(id: 1)]))
        #expect(verdict.result == .inconclusive, "\(verdict.report)")
        #expect(
            verdict.inconclusiveReasons.first?.reason.contains(
                "sent an HTTP request (GET) in plain text where the TLS handshake was expected") == true,
            "\(verdict.report)")
    }
}
