import MockAuthScenario
import MockAuthTranscript
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

@Suite("Judge: rules naming one cookie (receives, never-receives with cookie)")
struct CookieRuleTests {
    func scenario(_ rules: [any ScenarioRule]) -> Scenario {
        Scenario(
            name: "cookies", summary: "",
            servers: [ServerSpec(id: "api"), ServerSpec(id: "www", host: .localhost)],
            client: ClientSpec(requests: [RequestSpec(server: "api")]),
            expectations: rules.map { ScenarioExpectation($0) })
    }

    func transcript(www cookies: [String]) -> Transcript {
        Transcript(connections: [
            ConnectionRecord(
                id: 1, server: "api",
                requests: [
                    RequestRecord(method: "GET", target: "/login", responseStatus: 200, sequence: 1),
                    RequestRecord(
                        method: "GET", target: "/account",
                        headers: [HeaderField(name: "Cookie", value: "sid=9; region=eu")],
                        responseStatus: 200, sequence: 2),
                ]),
            ConnectionRecord(
                id: 2, server: "www",
                requests: [
                    RequestRecord(
                        method: "GET", target: "/", headers: cookies.map { HeaderField(name: "cookie", value: $0) },
                        responseStatus: 200, sequence: 3)
                ]),
        ])
    }

    let rules: [any ScenarioRule] = [
        Receives(server: "api", header: "Cookie", cookie: "sid"),
        Receives(server: "www", header: "Cookie", cookie: "region"),
        NeverReceives(server: "www", header: "Cookie", paths: [], cookie: "sid"),
    ]

    @Test("one cookie is demanded and another forbidden on the same server, named and never valued")
    func hostOnly() {
        let kept = Judge.verdict(for: scenario(rules), transcript: transcript(www: ["region=eu"]))
        #expect(kept.result == .pass, "\(kept.report)")
        #expect(kept.met.map(\.reason).contains("api received cookie sid with GET /account"))

        let leaked = Judge.verdict(for: scenario(rules), transcript: transcript(www: ["region=eu", "sid=9"]))
        #expect(leaked.result == .fail)
        #expect(leaked.violations.map(\.reason) == ["www received cookie sid with GET /"])
        #expect(!leaked.report.contains("sid=9"))
    }

    @Test("a cookie whose name only contains the one named, or whose value does, is another cookie")
    func exactNames() {
        let verdict = Judge.verdict(for: scenario(rules), transcript: transcript(www: ["region=eu; xsid=1; a=sid"]))
        #expect(verdict.result == .pass, "\(verdict.report)")
    }

    @Test("without the cookie: a violation when the server was reached, inconclusive when it never was")
    func missing() {
        let none = Judge.verdict(for: scenario(rules), transcript: transcript(www: []))
        #expect(none.result == .fail)
        #expect(
            none.violations.map(\.reason) == [
                "www received 1 request (the first GET /) and none carried cookie region, which a server set"
            ])
        let unreached = Judge.verdict(
            for: scenario([Receives(server: "www", header: "Cookie", cookie: "region")]), transcript: Transcript())
        #expect(unreached.result == .inconclusive)
    }

    @Test(
        "Cookie field values are read leniently into names, in order",
        arguments: [
            ("sid=1; lang=en", ["sid", "lang"]),
            ("  sid = 1 ;lang=en;; ", ["sid", "lang"]),
            ("nameless; a=b=c", ["", "a"]),
            (#"q="x;y"; r=1"#, ["q", "", "r"]),
            ("", []),
            (";;;", []),
        ])
    func names(value: String, names: [String]) {
        #expect(CookieSyntax.names(inCookieField: value) == names)
    }

    @Test("a Set-Cookie value's name is the token before its first '='")
    func setCookieName() {
        #expect(CookieSyntax.name(ofSetCookie: "sid=1; Secure") == "sid")
        #expect(CookieSyntax.name(ofSetCookie: " sid =1") == "sid")
        #expect(CookieSyntax.name(ofSetCookie: "Secure; sid=1") == nil)
        #expect(CookieSyntax.name(ofSetCookie: "=1") == nil)
        #expect(CookieSyntax.name(ofSetCookie: "") == nil)
    }
}
