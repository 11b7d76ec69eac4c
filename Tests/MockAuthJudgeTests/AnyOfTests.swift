import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import Testing

@testable import MockAuthJudge

@Suite("Judge: any-of and refuses-redirect")
struct AnyOfTests {
    static let endpoints = [
        EndpointRecord(server: "origin", url: "https://127.0.0.1:4443"),
        EndpointRecord(server: "other", url: "http://127.0.0.1:8080"),
    ]

    static let redirect = RequestRecord(
        method: "GET", target: "/", responseStatus: 302, sequence: 1, redirectedTo: "http://127.0.0.1:8080/landing")

    static let scenario = Scenario(
        name: "redirect", summary: "",
        servers: [ServerSpec(id: "origin"), ServerSpec(id: "other")],
        client: ClientSpec(requests: [RequestSpec(server: "origin")]),
        expectations: [
            ScenarioExpectation(
                AnyOf([RequestSucceeds(server: "other", path: "/landing"), RefusesRedirect(server: "origin")]),
                because: "it neither followed nor refused")
        ])

    func verdict(_ connections: [ConnectionRecord]) -> Verdict {
        Judge.verdict(for: Self.scenario, transcript: Transcript(endpoints: Self.endpoints, connections: connections))
    }

    @Test("a client that follows the redirect meets the first alternative")
    func follows() {
        let verdict = verdict([
            ConnectionRecord(id: 1, server: "origin", requests: [Self.redirect], closed: true),
            ConnectionRecord(
                id: 2, server: "other",
                requests: [RequestRecord(method: "GET", target: "/landing", responseStatus: 200, sequence: 2)],
                closed: true),
        ])
        #expect(verdict.result == .pass)
        #expect(verdict.met.first?.reason == "GET /landing reached other (http://127.0.0.1:8080) and was answered 200")
    }

    @Test("a request for /landing in absolute-form (RFC 9112 §3.2.2) is a request for /landing")
    func followsInAbsoluteForm() {
        let landing = RequestRecord(
            method: "GET", target: "http://127.0.0.1:8080/landing?from=origin", responseStatus: 200, sequence: 2)
        let verdict = verdict([
            ConnectionRecord(id: 1, server: "origin", requests: [Self.redirect], closed: true),
            ConnectionRecord(id: 2, server: "other", requests: [landing], closed: true),
        ])
        #expect(verdict.result == .pass, "\(verdict.report)")
        #expect(
            verdict.met.first?.reason.hasPrefix("GET http://127.0.0.1:8080/landing?from=origin reached other") == true)
    }

    @Test("a client that refuses the downgrade meets the second alternative")
    func refuses() {
        let verdict = verdict([ConnectionRecord(id: 1, server: "origin", requests: [Self.redirect], closed: true)])
        #expect(verdict.result == .pass, "\(verdict.report)")
        #expect(
            verdict.met.first?.reason == "the client did not follow origin's redirect to http://127.0.0.1:8080/landing")
    }

    @Test("a client that was never redirected exercised nothing, and gets no credit")
    func neverRedirected() {
        let challenged = RequestRecord(method: "GET", target: "/", responseStatus: 401, sequence: 1)
        let verdict = verdict([ConnectionRecord(id: 1, server: "origin", requests: [challenged], closed: true)])
        // One alternative violated, the other never exercised: the any-of is not exercised.
        #expect(verdict.result == .inconclusive)
        #expect(
            verdict.inconclusiveReasons.map(\.reason) == [
                "origin (https://127.0.0.1:4443) never answered the client with a redirect"
            ])
    }

    @Test("a client that follows and is answered an error violates both, with the reason at the end")
    func bothViolated() {
        let verdict = verdict([
            ConnectionRecord(id: 1, server: "origin", requests: [Self.redirect], closed: true),
            ConnectionRecord(
                id: 2, server: "other",
                requests: [RequestRecord(method: "GET", target: "/landing", responseStatus: 500, sequence: 2)],
                closed: true),
        ])
        #expect(verdict.result == .fail)
        #expect(
            verdict.violations.first?.reason
                == "GET /landing reached other but was answered 500; and the client followed origin's redirect to http://127.0.0.1:8080/landing: GET /landing reached other: it neither followed nor refused"
        )
    }
}
