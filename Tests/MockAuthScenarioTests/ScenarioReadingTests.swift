import Foundation
import MockAuthTestSupport
import MockAuthVocabulary
import Testing

@testable import MockAuthScenario

@Suite("Reading scenario files")
struct ScenarioReadingTests {
    static let minimal = """
        version: 1
        summary: A valid chain.
        servers:
          origin:
            tls: { profile: valid }
        expect:
          - rule: request-succeeds
            server: origin
        """

    func read(_ yaml: String) throws(ScenarioError) -> Scenario {
        try Scenario(yaml: yaml, name: "example", file: "example.yaml")
    }

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try read(yaml)
            return nil
        } catch {
            return error
        }
    }

    @Test("a minimal scenario gets the documented defaults")
    func defaults() throws {
        let scenario = try read(Self.minimal)
        #expect(scenario.name == "example")
        #expect(scenario.servers == [ServerSpec(id: "origin", tls: TLSSpec(profile: .valid))])
        #expect(scenario.client == ClientSpec(requests: [RequestSpec(server: "origin", path: "/")]))
        #expect(scenario.expectations == [ScenarioExpectation(RequestSucceeds(server: "origin", path: nil))])
    }

    @Test("every field is read")
    func fullScenario() throws {
        let scenario = try read(
            """
            version: 1
            summary: Everything.
            description: A long text.
            tags: [tls, pinning]
            control: tls-valid
            servers:
              origin:
                host: localhost
                tls: { profile: pin-reissued, key: rsa-2048 }
                routes:
                  - path: /a
                    status: 201
                    body: made
                    subpaths: true
                    headers: { X-One: "1" }
            client:
              requests:
                - server: origin
                  path: /a/b
              trust: none
              identity: true
              pin: true
            expect:
              - rule: rejects-certificate
                server: origin
                level: should
                because: it trusted something
            """)
        #expect(scenario.tags == ["tls", "pinning"])
        #expect(scenario.control == "tls-valid")
        #expect(scenario.servers[0].host == .localhost)
        #expect(scenario.servers[0].tls == TLSSpec(profile: .pinReissued, key: .rsa2048))
        #expect(
            scenario.servers[0].routes == [
                RouteSpec(
                    path: "/a", matchesSubpaths: true, status: 201, body: "made",
                    headers: [HeaderField(name: "X-One", value: "1")])
            ])
        #expect(
            scenario.client
                == ClientSpec(
                    requests: [RequestSpec(server: "origin", path: "/a/b")], trust: .none,
                    identity: ClientIdentitySpec(), pin: true))
        #expect(
            scenario.expectations == [
                ScenarioExpectation(
                    RejectsCertificate(server: "origin"), level: .should, because: "it trusted something")
            ])
    }

    @Test("an unknown key is located and the likely intended key suggested")
    func unknownKey() {
        let mistake = error(
            Self.minimal.replacingOccurrences(of: "tls: { profile: valid }", with: "tls: { profle: valid }"))
        #expect(mistake?.code == .unknownKey)
        #expect(mistake?.location == ScenarioLocation(file: "example.yaml", line: 5, column: 12))
        #expect(mistake?.hint == "'profile'")
        let typo = error(Self.minimal.replacingOccurrences(of: "summary:", with: "sumary:"))
        #expect(typo?.code == .unknownKey)
        #expect(typo?.hint == "'summary'")
        let missing = error(Self.minimal.replacingOccurrences(of: "summary: A valid chain.\n", with: ""))
        #expect(missing?.code == .missingKey)
        #expect(missing?.hint == "summary: One line saying what the scenario checks.")
        let extra = error(Self.minimal + "\nexpectations: []")
        #expect(extra?.code == .unknownKey)
        #expect(extra?.location == ScenarioLocation(file: "example.yaml", line: 9, column: 1))
        #expect(extra?.hint == "'expect'")
        #expect(
            extra?.description.hasPrefix("example.yaml:9:1: error: unknown key 'expectations' in the scenario") == true)
    }

    @Test("an unknown TLS profile points at the value and suggests the closest profile")
    func unknownProfile() {
        let mistake = error(Self.minimal.replacingOccurrences(of: "profile: valid", with: "profile: expird"))
        #expect(mistake?.code == .invalidValue)
        #expect(mistake?.location == ScenarioLocation(file: "example.yaml", line: 5, column: 21))
        #expect(mistake?.hint == "profile: expired")
    }

    @Test("a reference to a server the scenario does not define is an error")
    func unknownServer() {
        let mistake = error(Self.minimal.replacingOccurrences(of: "    server: origin", with: "    server: orign"))
        #expect(mistake?.code == .unknownReference)
        #expect(mistake?.location?.line == 7)
        #expect(mistake?.hint == "server: origin")
    }

    @Test("version is required, must be a number and not newer than this build")
    func version() {
        #expect(error(Self.minimal.replacingOccurrences(of: "version: 1\n", with: ""))?.code == .missingKey)
        #expect(error(Self.minimal.replacingOccurrences(of: "version: 1", with: "version: one"))?.code == .invalidValue)
        let newer = error(Self.minimal.replacingOccurrences(of: "version: 1", with: "version: 2"))
        #expect(newer?.code == .unsupportedVersion)
        #expect(newer?.location == ScenarioLocation(file: "example.yaml", line: 1, column: 10))
    }

    @Test(
        "a control names a scenario, never a path",
        arguments: ["../../etc/passwd", "/etc/passwd", ".hidden", "a/b", ""])
    func controlIsAName(_ control: String) {
        let mistake = error(Self.minimal + "\ncontrol: '\(control)'\n")
        #expect(mistake?.code == .invalidValue, "\(String(describing: mistake))")
        #expect(mistake?.location?.line == 9, "\(String(describing: mistake))")
    }

    @Test("a control that is a name is read")
    func controlName() throws {
        #expect(try read(Self.minimal + "\ncontrol: tls-valid\n").control == "tls-valid")
    }

    @Test("a file that is not UTF-8 is refused with the line and column of the first bad byte")
    func invalidUTF8() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bytes = Array("version: 1\nsummary: caf".utf8) + [0xE9] + Array(" au lait\n".utf8)
        bytes += Array("servers: {}\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ScenarioLoader.load(file: path)
            Issue.record("a file with a Latin-1 byte was read")
        } catch {
            #expect(error.code == .syntax)
            #expect(error.location == ScenarioLocation(file: path, line: 2, column: 13), "\(error)")
            #expect(error.description.contains("UTF-8"), "\(error)")
        }
        #expect(UTF8Position.firstInvalid(in: Array("é ok\n✓".utf8)) == nil)
        #expect(
            UTF8Position.firstInvalid(in: [0x61, 0x0A, 0x62, 0xFF]) == UTF8Position(line: 2, column: 2, byte: 0xFF))
    }

    @Test("a server's limits are read in seconds; zero, a string or an unknown key is an error")
    func serverLimits() throws {
        let yaml = Self.minimal.replacingOccurrences(
            of: "    tls: { profile: valid }",
            with: "    tls: { profile: valid }\n    limits: { request-head: 2, handshake: 3 }")
        let limits = try read(yaml).servers[0].limits
        #expect(limits == ServerTimeLimits(handshakeSeconds: 3, requestHeadSeconds: 2, connectionSeconds: nil))
        for bad in ["{ request-head: 0 }", "{ request-head: soon }", "{ request-heads: 2 }"] {
            let mistake = error(
                Self.minimal.replacingOccurrences(
                    of: "    tls: { profile: valid }", with: "    tls: { profile: valid }\n    limits: \(bad)"))
            #expect(mistake != nil, "\(bad)")
            #expect(mistake?.location?.line == 6, "\(bad): \(String(describing: mistake))")
        }
    }

    @Test("YAML syntax errors carry the parser's location")
    func syntax() {
        let mistake = error("version: 1\nsummary: [unclosed\nservers: {}\n")
        #expect(mistake?.code == .syntax)
        #expect(mistake?.location?.file == "example.yaml")
        #expect((mistake?.location?.line ?? 0) >= 2)
    }

    @Test("wrong types are reported with an example of the right one")
    func wrongTypes() {
        #expect(error(Self.minimal.replacingOccurrences(of: "servers:", with: "servers: 3\nx:"))?.code == .invalidValue)
        let status = error(Self.minimal + "\nclient:\n  pin: maybe")
        #expect(status?.code == .invalidValue)
        #expect(status?.hint == "pin: true")
        #expect(
            error(Self.minimal.replacingOccurrences(of: "tls: { profile: valid }", with: "host: example.com"))?.code
                == .invalidValue)
    }

    @Test("presents-client-certificate needs a client-cert-required server")
    func clientCertificateRuleNeedsProfile() {
        let mistake = error(
            Self.minimal.replacingOccurrences(of: "rule: request-succeeds", with: "rule: presents-client-certificate"))
        #expect(mistake?.code == .invalidValue)
        #expect(mistake?.hint == "tls: { profile: client-cert-required }")
    }

    @Test("withholds-client-certificate needs a server that asks for a client certificate")
    func withholdsRuleNeedsProfile() throws {
        let rule = Self.minimal.replacingOccurrences(
            of: "rule: request-succeeds", with: "rule: withholds-client-certificate")
        let mistake = error(rule)
        #expect(mistake?.code == .invalidValue)
        #expect(mistake?.hint == "tls: { profile: client-cert-unrequested }")
        for profile in ["client-cert-optional", "client-cert-unrequested", "client-cert-required"] {
            #expect(
                error(rule.replacingOccurrences(of: "tls: { profile: valid }", with: "tls: { profile: \(profile) }"))
                    == nil, "\(profile)")
        }
    }

    @Test("random bytes never crash the reader", arguments: 0..<200)
    func garbage(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        let alphabet = Array(
            "version: 1\nsummary servers origin tls profile expect rule - { } [ ] : \" ' # & * ! | > %\t\u{0}é")
        let text = String(
            (0..<Int(generator.next() % 300)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        _ = try? read(text)
        _ = try? read(Self.minimal.prefix(Int(generator.next() % UInt64(Self.minimal.count))) + text)
    }

    @Test("session-resumption reads resumed: true or false, and says what to write without it")
    func sessionResumption() throws {
        for (value, resumed) in [("true", true), ("false", false)] {
            let scenario = try read(
                Self.minimal + "\n  - rule: session-resumption\n    server: origin\n    resumed: \(value)")
            #expect(scenario.expectations.last?.rule == SessionResumption(server: "origin", resumed: resumed))
        }
        let missing = error(Self.minimal + "\n  - rule: session-resumption\n    server: origin")
        #expect(
            missing?.description.contains("'session-resumption' needs 'resumed'") == true,
            "\(String(describing: missing))")
    }

}

extension ScenarioReadingTests {
    /// `minimal` with an auth section of `schemes` and `extra` fields.
    func withAuth(_ schemes: String, _ extra: String) -> String {
        Self.minimal.replacingOccurrences(
            of: "tls: { profile: valid }",
            with: "tls: { profile: valid }\n    auth: { schemes: [\(schemes)], username: a, password: b\(extra) }")
    }

    @Test("empty-domain: servers-own by default, refused when asked, and only for ntlm and negotiate")
    func emptyDomain() throws {
        #expect(try read(withAuth("ntlm", "")).servers.first?.auth?.emptyDomain == .serversOwn)
        #expect(try read(withAuth("ntlm", ", empty-domain: refused")).servers.first?.auth?.emptyDomain == .refused)
        #expect(error(withAuth("ntlm", ", empty-domain: never"))?.hint == "empty-domain: refused")
        #expect(error(withAuth("basic", ", empty-domain: refused"))?.hint == "schemes: [ntlm]")
    }
}
