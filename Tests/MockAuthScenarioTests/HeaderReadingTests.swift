import MockAuthVocabulary
import Testing

@testable import MockAuthScenario

@Suite("Reading header fields: client.headers, route headers, header rules")
struct HeaderReadingTests {
    static let base = """
        version: 1
        summary: Headers.
        servers:
          origin:
            routes:
              - path: /
                headers: { X-Route: one }
        client:
          headers:
            Cookie: session=abc
            X-Api-Key: k-1
        expect:
          - rule: receives
            server: origin
            header: Cookie
          - rule: never-receives
            server: origin
            header: X-Api-Key
            paths: [/other]
        """

    func read(_ yaml: String) throws(ScenarioError) -> Scenario {
        try Scenario(yaml: yaml, name: "headers", file: "headers.yaml")
    }

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try read(yaml)
            return nil
        } catch {
            return error
        }
    }

    @Test("client headers are read in order, are a requirement, and any field name works in the rules")
    func reads() throws {
        let scenario = try read(Self.base)
        #expect(
            scenario.client.headers == [
                HeaderField(name: "Cookie", value: "session=abc"), HeaderField(name: "X-Api-Key", value: "k-1"),
            ])
        #expect(scenario.servers[0].routes[0].headers == [HeaderField(name: "X-Route", value: "one")])
        #expect(scenario.expectations.count == 2)
        #expect(scenario.expectations.first?.rule == Receives(server: "origin", header: "Cookie"))
        #expect(
            scenario.expectations.last?.rule == NeverReceives(server: "origin", header: "X-Api-Key", paths: ["/other"]))
        #expect(scenario.requirements.features.contains(.customHeaders))
        #expect(ClientFeature(name: "headers") == .customHeaders)
    }

    @Test(
        "a header that cannot be sent as written is refused where it is written",
        arguments: [
            ("X Api: k", "is not an HTTP field name"),
            ("Host: example.test", "cannot set Host: the HTTP stack writes it itself"),
            ("content-length: 3", "cannot set content-length"),
            (#"X-Split: "a\r\nInjected: b""#, "no line breaks"),
            (#"X-Padded: " a""#, "spaces at either end"),
        ])
    func refused(_ line: String, _ message: String) {
        let yaml = Self.base.replacingOccurrences(of: "X-Api-Key: k-1", with: line)
        let mistake = error(yaml)
        #expect(mistake?.code == .invalidValue)
        #expect(mistake?.location?.line == 11)
        #expect(mistake?.description.contains(message) == true, "\(String(describing: mistake))")
    }

    @Test("the same field twice, in any case, is an error")
    func duplicate() {
        let mistake = error(Self.base.replacingOccurrences(of: "X-Api-Key: k-1", with: "cookie: other=1"))
        #expect(mistake?.description.contains("cookie appears twice in the client's headers") == true)
    }

    @Test("a rule's header must be a field name")
    func ruleHeader() {
        let mistake = error(Self.base.replacingOccurrences(of: "header: X-Api-Key", with: "header: \"X Api\""))
        #expect(mistake?.code == .invalidValue)
        #expect(mistake?.description.contains("'never-receives' needs an HTTP field name") == true)
    }
}

@Suite("Reading the client's method and body")
struct BodyReadingTests {
    func read(_ client: String, rule: String = "") throws(ScenarioError) -> Scenario {
        try Scenario(
            yaml: """
                version: 1
                summary: Bodies.
                servers:
                  origin: {}
                client:
                \(client)
                expect:
                  - rule: request-succeeds
                    server: origin
                \(rule)
                """, name: "bodies", file: "bodies.yaml")
    }

    func error(_ client: String, rule: String = "") -> ScenarioError? {
        do {
            _ = try read(client, rule: rule)
            return nil
        } catch {
            return error
        }
    }

    @Test("a text body, a repeated one, the method, and the default GET without a body")
    func reads() throws {
        #expect(try read("  method: POST\n  body: a=1").client.body == "a=1")
        let repeated = try read("  method: PUT\n  body: { text: ab, repeat: 3 }").client
        #expect(repeated.body == "ababab" && repeated.method == "PUT" && repeated.sendsRequestContent)
        let plain = try read("  pin: false").client
        #expect(plain.method == "GET" && plain.body == nil && !plain.sendsRequestContent)
        let rule = try read(
            "  method: POST\n  body: a=1",
            rule: "  - rule: request-body\n    server: origin\n    path: /r\n    method: GET\n    body: none")
        #expect(
            rule.expectations.last?.rule == RequestBody(server: "origin", path: "/r", methods: ["GET"], body: .none))
        let either = try read(
            "  method: POST\n  body: a=1",
            rule: "  - rule: request-body\n    server: origin\n    path: /r\n    method: [GET, HEAD]\n    body: none")
        #expect(
            either.expectations.last?.rule
                == RequestBody(server: "origin", path: "/r", methods: ["GET", "HEAD"], body: .none))
    }

    @Test("a body on GET, an oversized body, a bad method, a given body the client lacks: each located")
    func refused() {
        #expect(error("  body: a=1")?.description.contains("a GET request carries no body") == true)
        #expect(
            error("  method: POST\n  body: { text: abcd, repeat: 300000 }")?.description.contains(
                "between 1 and 1048576 bytes") == true)
        #expect(error("  method: \"PO ST\"")?.description.contains("is not an HTTP method") == true)
        #expect(
            error(
                "  pin: false", rule: "  - rule: request-body\n    server: origin\n    method: POST\n    body: given")?
                .description.contains("needs a body in the client section") == true)
        #expect(
            error("  pin: false", rule: "  - rule: request-body\n    server: origin\n    method: POST\n    body: some")?
                .description.contains("'body' is given (the client's body) or none") == true)
    }
}

@Suite("A file name that is not a scenario name")
struct ScenarioFileNameTests {
    @Test("the hint names a valid scenario name, never the same bad one")
    func hint() {
        #expect(ScenarioLoader.suggestedName(for: "tls-1.0-only") == "tls-1-0-only")
        #expect(ScenarioLoader.suggestedName(for: "My_Scenario") == "my-scenario")
        #expect(ScenarioLoader.suggestedName(for: "..") == "scenario")
    }
}
