import Testing

@testable import MockAuthScenario

@Suite("Server names: U-labels, absolute names and aliases")
struct HostNameReadingTests {
    @Test(
        "Punycode matches RFC 3492's samples and the A-labels clients compute",
        arguments: [
            ("bücher", "bcher-kva"), ("faß", "fa-hia"), ("münchen", "mnchen-3ya"),
            // RFC 3492 §7.1 (A) Arabic (Egyptian) and (L) Japanese mixed with ASCII.
            (
                "\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}",
                "egbpdaj6bu4bxfgehfvwxn"
            ),
            ("3\u{5E74}b\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}", "3b-ww4c5e180e575a65lsy2b"),
        ])
    func punycode(_ label: String, _ encoded: String) {
        #expect(Punycode.encode(label) == encoded)
    }

    @Test("a server's name: as written in URLs, in ASCII for resolving and certificates")
    func forms() throws {
        let idn = try #require(ListenHost("bücher.test"))
        #expect(idn.name == "bücher.test")
        #expect(idn.resolvedName == "xn--bcher-kva.test")
        #expect(idn.resolvableNames == ["xn--bcher-kva.test"])
        let absolute = try #require(ListenHost("api.dot.test."))
        #expect(absolute.name == "api.dot.test.")
        #expect(absolute.resolvedName == "api.dot.test")
        #expect(absolute.resolvableNames == ["api.dot.test", "api.dot.test."])
        #expect(ListenHost("api.mockauth.test")?.resolvableNames == ["api.mockauth.test"])
        #expect(ListenHost.localhost.resolvableNames.isEmpty)
    }

    @Test(
        "names that are not lower-case names under .test are refused",
        arguments: ["BÜCHER.test", "bü cher.test", "bücher.example", "api.dot.test..", ".test", "bü_cher.test"])
    func refused(_ name: String) {
        #expect(ListenHost(name) == nil)
    }

    func scenario(server: String) -> String {
        """
        version: 1
        summary: Aliases.
        servers:
          origin:
        \(server)
        expect:
          - rule: request-succeeds
            server: origin
        """
    }

    @Test("aliases are read in ASCII; an alias outside .test is an error at its line")
    func aliases() throws {
        let read = try Scenario(
            yaml: scenario(server: "    host: faß.test\n    aliases: [fass.test, straße.test]"), name: "example",
            file: "example.yaml")
        #expect(read.servers.first?.aliases == ["fass.test", "xn--strae-oqa.test"])
        #expect(throws: ScenarioError.self) {
            try Scenario(
                yaml: scenario(server: "    aliases: [fass.example]"), name: "example", file: "example.yaml")
        }
    }
}
