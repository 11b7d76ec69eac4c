import MockAuthScenario
import MockAuthTranscript
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

@Suite("Judge: header rules (receives, never-receives for any field)")
struct HeaderRuleTests {
    func scenario(_ rules: [any ScenarioRule]) -> Scenario {
        Scenario(
            name: "headers", summary: "",
            servers: [ServerSpec(id: "origin"), ServerSpec(id: "other", host: .localhost)],
            client: ClientSpec(
                requests: [RequestSpec(server: "origin")], headers: [HeaderField(name: "Cookie", value: "s=1")]),
            expectations: rules.map { ScenarioExpectation($0) })
    }

    func request(_ sequence: UInt64, _ path: String, headers: [HeaderField], status: Int) -> RequestRecord {
        RequestRecord(method: "GET", target: path, headers: headers, responseStatus: status, sequence: sequence)
    }

    func transcript(landingHeaders: [HeaderField]) -> Transcript {
        Transcript(connections: [
            ConnectionRecord(
                id: 1, server: "origin",
                requests: [request(1, "/", headers: [HeaderField(name: "cookie", value: "s=1")], status: 302)]),
            ConnectionRecord(
                id: 2, server: "other", requests: [request(2, "/landing", headers: landingHeaders, status: 200)]),
        ])
    }

    @Test("a Cookie carried to another host fails, named by field (never by value), matched case-insensitively")
    func cookieLeak() {
        let rules: [any ScenarioRule] = [
            Receives(server: "origin", header: "Cookie"),
            NeverReceives(server: "other", header: "Cookie", paths: []),
        ]
        let leaked = Judge.verdict(
            for: scenario(rules), transcript: transcript(landingHeaders: [HeaderField(name: "COOKIE", value: "s=1")]))
        #expect(leaked.result == .fail)
        #expect(leaked.violations.map(\.reason) == ["other received Cookie with GET /landing"])
        #expect(!leaked.report.contains("s=1"))

        let kept = Judge.verdict(for: scenario(rules), transcript: transcript(landingHeaders: []))
        #expect(kept.result == .pass)
        #expect(kept.met.map(\.reason).contains("origin received Cookie with GET /"))
    }

    @Test("credentials keep their scheme in the reason, in any scheme")
    func bearerLeak() {
        let verdict = Judge.verdict(
            for: scenario([NeverReceives(server: "other", header: "Authorization", paths: [])]),
            transcript: transcript(landingHeaders: [HeaderField(name: "Authorization", value: "Bearer abc")]))
        #expect(verdict.violations.map(\.reason) == ["other received Authorization (Bearer) with GET /landing"])
    }

    @Test("a client that never sent the header it was given fails receives, with what it did send")
    func headerNeverSent() {
        let silent = Transcript(connections: [
            ConnectionRecord(id: 1, server: "origin", requests: [request(1, "/", headers: [], status: 302)])
        ])
        let verdict = Judge.verdict(for: scenario([Receives(server: "origin", header: "Cookie")]), transcript: silent)
        #expect(verdict.result == .fail)
        #expect(
            verdict.violations.map(\.reason) == [
                "origin received 1 request (the first GET /) and none carried the Cookie header the client was given"
            ])
        let nothing = Judge.verdict(
            for: scenario([Receives(server: "origin", header: "Cookie")]), transcript: Transcript())
        #expect(nothing.violations.first?.reason.contains("received no request") == true)
    }
}
