import MockAuthScenario
import Testing

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
        #expect(
            scenario.expectations.map(\.rule) == [
                .receives(server: "origin", header: "Cookie"),
                .neverReceives(server: "origin", header: "X-Api-Key", paths: ["/other"]),
            ])
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
