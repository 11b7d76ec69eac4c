import Testing

@testable import MockAuthScenario

@Suite("Reading cookies: a route's set-cookies, rules naming one cookie")
struct CookieReadingTests {
    static let base = """
        version: 1
        summary: Cookies.
        servers:
          api:
            routes:
              - path: /login
                set-cookies: ["sid=1; Path=/; HttpOnly", "region=eu; Domain=cookie.test"]
          www:
            host: localhost
        expect:
          - rule: receives
            server: api
            cookie: sid
          - rule: never-receives
            server: www
            header: Cookie
            cookie: sid
            paths: [/a]
        """

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try Scenario(yaml: yaml, name: "cookies", file: "cookies.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("set-cookies are read in order, need the feature cookies, and rules name one cookie of the Cookie field")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "cookies", file: "cookies.yaml")
        #expect(scenario.servers[0].routes[0].cookies == ["sid=1; Path=/; HttpOnly", "region=eu; Domain=cookie.test"])
        #expect(scenario.expectations.count == 2)
        #expect(scenario.expectations.first?.rule == Receives(server: "api", header: "Cookie", cookie: "sid"))
        #expect(
            scenario.expectations.last?.rule
                == NeverReceives(server: "www", header: "Cookie", paths: ["/a"], cookie: "sid"))
        #expect(scenario.requirements.features.contains(.cookies))
        #expect(ClientFeature(name: "cookies") == .cookies)
        #expect(scenario.expectations[0].rule.summary == "sends cookie sid to api")
    }

    @Test(
        "a cookie that is no cookie-pair, or cannot be sent, and a cookie rule about another field are refused",
        arguments: [
            (#"set-cookies: ["sid=1; Path=/", "Secure"]"#, "does not open with a cookie-pair name=value"),
            (#"set-cookies: ["=1"]"#, "does not open with a cookie-pair"),
            (#"set-cookies: ["s id=1"]"#, "does not open with a cookie-pair"),
            (#"set-cookies: ["sid=1 "]"#, "cannot be sent in a Set-Cookie field"),
            ("set-cookies: sid=1", "'set-cookies' must be a list"),
        ])
    func refusesCookies(line: String, message: String) {
        let yaml = Self.base.replacingOccurrences(
            of: #"set-cookies: ["sid=1; Path=/; HttpOnly", "region=eu; Domain=cookie.test"]"#, with: line)
        #expect(error(yaml)?.description.contains(message) == true, "\(String(describing: error(yaml)))")
    }

    @Test("a cookie rule names a token, and only the Cookie field")
    func refusesRules() {
        let otherField = Self.base.replacingOccurrences(of: "header: Cookie", with: "header: X-Api-Key")
        #expect(error(otherField)?.description.contains("is about the Cookie field, not X-Api-Key") == true)
        let badName = Self.base.replacingOccurrences(of: "cookie: sid\n", with: "cookie: \"s;d\"\n")
        #expect(error(badName)?.description.contains("needs a cookie name (a token)") == true)
        let neither = Self.base.replacingOccurrences(of: "    cookie: sid\n  - rule", with: "  - rule")
        #expect(error(neither)?.description.contains("'header'") == true)
    }
}
