import Foundation
import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

/// Preconditions (issue 34): a rule that only sets the stage for the behaviour under test makes the
/// verdict INCONCLUSIVE when it is not met, never FAIL; a behaviour rule violated still FAILs.
@Suite("Judge: preconditions")
struct PreconditionTests {
    static let endpoints = [
        EndpointRecord(server: "api", url: "http://api.cookie.test:4080"),
        EndpointRecord(server: "www", url: "http://www.cookie.test:4081"),
    ]

    /// cookie-host-only, as the catalog writes it.
    static let hostOnly = Scenario(
        name: "cookie-host-only", summary: "",
        servers: [ServerSpec(id: "api"), ServerSpec(id: "www")],
        client: ClientSpec(requests: [RequestSpec(server: "api")]),
        expectations: [
            ScenarioExpectation(
                Receives(server: "api", header: "Cookie", cookie: "sid"),
                because: "whether it keeps sid, a host-only cookie, to api.cookie.test is not known", precondition: true
            ),
            ScenarioExpectation(
                Receives(server: "www", header: "Cookie", cookie: "region"),
                because:
                    "whether it keeps sid, a host-only cookie of api.cookie.test, from www.cookie.test is not known",
                precondition: true),
            ScenarioExpectation(
                NeverReceives(server: "www", header: "Cookie", paths: [], cookie: "sid"),
                because: "it sent a host-only cookie of api.cookie.test to www.cookie.test"),
        ])

    /// api sets both cookies and gets both back; www gets `www` as its Cookie fields.
    func transcript(api: [String] = ["sid=9; region=eu"], www: [String]?) -> Transcript {
        var connections = [
            ConnectionRecord(
                id: 1, server: "api",
                requests: [
                    RequestRecord(method: "GET", target: "/login", responseStatus: 200, sequence: 1),
                    RequestRecord(
                        method: "GET", target: "/account", headers: api.map { HeaderField(name: "Cookie", value: $0) },
                        responseStatus: 200, sequence: 2),
                ])
        ]
        if let www {
            connections.append(
                ConnectionRecord(
                    id: 2, server: "www",
                    requests: [
                        RequestRecord(
                            method: "GET", target: "/", headers: www.map { HeaderField(name: "Cookie", value: $0) },
                            responseStatus: 200, sequence: 3)
                    ]))
        }
        return Transcript(endpoints: Self.endpoints, connections: connections)
    }

    @Test("a client that keeps every cookie as it should passes")
    func allMet() {
        let verdict = Judge.verdict(for: Self.hostOnly, transcript: transcript(www: ["region=eu"]))
        #expect(verdict.result == .pass, "\(verdict.report)")
        #expect(verdict.findings.map(\.precondition) == [true, true, false])
    }

    @Test("a jar that refused the Domain cookie never sent www any: INCONCLUSIVE, naming the declined step")
    func declinedStep() throws {
        // Java's CookieManager refuses `region=eu; Domain=cookie.test`: nothing leaked, nothing shown.
        let verdict = Judge.verdict(for: Self.hostOnly, transcript: transcript(api: ["sid=9"], www: []))
        #expect(verdict.result == .inconclusive, "\(verdict.report)")
        #expect(verdict.violations.isEmpty)
        let finding = try #require(verdict.inconclusiveReasons.first)
        #expect(finding.precondition && finding.outcome == .violated && finding.server == "www")
        #expect(
            finding.reason
                == "www (http://www.cookie.test:4081) received 1 request (the first GET /) and none carried cookie region, which a server set, so whether it keeps sid, a host-only cookie of api.cookie.test, from www.cookie.test is not known"
        )
        #expect(verdict.reason == finding.reason)
        #expect(
            verdict.report.contains(
                "  ? receives (precondition): www (http://www.cookie.test:4081) received 1 request"),
            "\(verdict.report)")
        // The behaviour rule itself held, and is reported as held.
        #expect(verdict.met.map(\.rule.description).contains("never-receives"))
    }

    @Test("the defect still fails, even when a precondition was not met as well")
    func defectFails() {
        // A jar keeping cookies by name alone: sid reaches www, region does not (a client that drops it).
        let verdict = Judge.verdict(for: Self.hostOnly, transcript: transcript(www: ["sid=9"]))
        #expect(verdict.result == .fail, "\(verdict.report)")
        #expect(
            verdict.violations.map(\.reason) == [
                "www (http://www.cookie.test:4081) received cookie sid with GET /: it sent a host-only cookie of api.cookie.test to www.cookie.test"
            ])
        #expect(verdict.inconclusiveReasons.map(\.rule.description) == ["receives"])
    }

    @Test("a precondition never exercised (the server never reached) is INCONCLUSIVE, with its because")
    func notExercised() {
        let verdict = Judge.verdict(for: Self.hostOnly, transcript: transcript(www: nil))
        #expect(verdict.result == .inconclusive, "\(verdict.report)")
        #expect(
            verdict.inconclusiveReasons.map(\.reason).contains(
                "www (http://www.cookie.test:4081) received no request: the client never had the occasion to send cookie region there, so whether it keeps sid, a host-only cookie of api.cookie.test, from www.cookie.test is not known"
            ), "\(verdict.report)")
    }

    /// redirect-cross-host: the credentials and the hop are the stage, the leak the behaviour.
    static let redirect = Scenario(
        name: "redirect-cross-host", summary: "",
        servers: [ServerSpec(id: "origin"), ServerSpec(id: "other")],
        client: ClientSpec(requests: [RequestSpec(server: "origin")]),
        expectations: [
            ScenarioExpectation(Authenticates(server: "origin", path: nil), precondition: true),
            ScenarioExpectation(
                RequestSucceeds(server: "other", path: "/landing"),
                because: "whether the credentials follow the redirect is not known", precondition: true),
            ScenarioExpectation(
                NeverReceives(server: "other", header: "Authorization", paths: []),
                because: "it leaked the origin's credentials across the redirect"),
        ])
    static let redirectEndpoints = [
        EndpointRecord(server: "origin", url: "https://127.0.0.1:4443"),
        EndpointRecord(server: "other", url: "https://localhost:4444"),
    ]

    @Test("the same mechanism for every rule: a redirect not followed, credentials never accepted")
    func everyRule() {
        let authenticated = RequestRecord(
            method: "GET", target: "/", responseStatus: 302, sequence: 2,
            auth: AuthRecord(
                decision: .authenticated, header: "Authorization", realm: "mockauth", offered: [.basic],
                scheme: "Basic", username: "alice"),
            redirectedTo: "https://localhost:4444/landing")
        let stopped = Judge.verdict(
            for: Self.redirect,
            transcript: Transcript(
                endpoints: Self.redirectEndpoints,
                connections: [ConnectionRecord(id: 1, server: "origin", requests: [authenticated], closed: true)]))
        #expect(stopped.result == .inconclusive, "\(stopped.report)")
        #expect(
            stopped.reason
                == "the client never connected to other (https://localhost:4444): a request for /landing never arrived, so whether the credentials follow the redirect is not known"
        )

        // Never authenticated: the rule without a because gets the judge's own ending.
        let challenged = RequestRecord(
            method: "GET", target: "/", responseStatus: 401, sequence: 1,
            auth: AuthRecord(decision: .challenged, header: "Authorization", realm: "mockauth", offered: [.basic]))
        let refused = Judge.verdict(
            for: Self.redirect,
            transcript: Transcript(
                endpoints: Self.redirectEndpoints,
                connections: [ConnectionRecord(id: 1, server: "origin", requests: [challenged], closed: true)]))
        #expect(refused.result == .inconclusive, "\(refused.report)")
        #expect(
            refused.inconclusiveReasons.first?.reason.hasSuffix(
                "carried no credentials, so what the scenario tests was never reached") == true,
            "\(refused.report)")

        // A leak fails whatever the stage.
        let leaked = RequestRecord(
            method: "GET", target: "/landing",
            headers: [HeaderField(name: "Authorization", value: "Basic YWxpY2U6d29uZGVybGFuZC03")],
            responseStatus: 200, sequence: 3)
        let failed = Judge.verdict(
            for: Self.redirect,
            transcript: Transcript(
                endpoints: Self.redirectEndpoints,
                connections: [
                    ConnectionRecord(id: 1, server: "origin", requests: [authenticated], closed: true),
                    ConnectionRecord(id: 2, server: "other", requests: [leaked], closed: true),
                ]))
        #expect(failed.result == .fail, "\(failed.report)")
    }

    @Test("an any-of as a whole may be a precondition")
    func anyOfPrecondition() {
        let scenario = Scenario(
            name: "any", summary: "", servers: [ServerSpec(id: "origin"), ServerSpec(id: "other")],
            client: ClientSpec(requests: [RequestSpec(server: "origin")]),
            expectations: [
                ScenarioExpectation(
                    AnyOf([RequestSucceeds(server: "other", path: "/landing"), RefusesRedirect(server: "origin")]),
                    because: "whether it keeps the header is not known", precondition: true),
                ScenarioExpectation(NeverReceives(server: "other", header: "X-Api-Key", paths: [])),
            ])
        let challenged = RequestRecord(method: "GET", target: "/", responseStatus: 401, sequence: 1)
        let verdict = Judge.verdict(
            for: scenario,
            transcript: Transcript(
                endpoints: Self.redirectEndpoints,
                connections: [ConnectionRecord(id: 1, server: "origin", requests: [challenged], closed: true)]))
        #expect(verdict.result == .inconclusive)
        #expect(verdict.inconclusiveReasons.first?.precondition == true)
        #expect(
            verdict.inconclusiveReasons.first?.reason.hasSuffix(", so whether it keeps the header is not known") == true
        )
    }

    @Test(
        "a precondition met or not never turns a PASS of its control into anything else, and a should stays a warning")
    func controlAndShould() {
        let inconclusive = Judge.verdict(for: Self.hostOnly, transcript: transcript(api: ["sid=9"], www: []))
        let control = Verdict(scenario: "cookie-returned", result: .pass, findings: [])
        #expect(Judge.applyingControl(control, to: inconclusive).result == .inconclusive)

        let should = Finding(
            rule: .scenario(NeverReceives.name), server: "www", level: .should, outcome: .violated, reason: "x")
        #expect(Judge.result(of: [should]) == .pass)
        let precondition = Finding(
            rule: .scenario(Receives.name), server: "www", precondition: true, outcome: .violated, reason: "y")
        let notExercised = Finding(rule: .scenario(NeverReceives.name), outcome: .notExercised, reason: "z")
        #expect(Judge.result(of: [precondition]) == .inconclusive)
        #expect(Judge.result(of: [precondition, notExercised]) == .inconclusive)
        #expect(
            Judge.result(of: [
                precondition, Finding(rule: .scenario(NeverReceives.name), outcome: .violated, reason: "w"),
            ])
                == .fail)
    }

    @Test("JSON: precondition is written only when true, and a finding without it reads as before")
    func json() throws {
        let verdict = Judge.verdict(for: Self.hostOnly, transcript: transcript(api: ["sid=9"], www: []))
        let data = try JSONEncoder().encode(verdict)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["precondition"] as? Bool } == [true, true, nil])
        #expect(try JSONDecoder().decode(Verdict.self, from: data) == verdict)

        let old = #"{"rule":"receives","server":"www","level":"must","outcome":"violated","reason":"r"}"#
        let finding = try JSONDecoder().decode(Finding.self, from: Data(old.utf8))
        #expect(!finding.precondition && finding.failsVerdict)
    }
}
