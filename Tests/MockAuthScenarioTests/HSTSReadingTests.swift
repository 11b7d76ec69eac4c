import Testing

@testable import MockAuthScenario

@Suite("Reading HSTS: a request's scheme, the feature hsts, upgrades-to-https")
struct HSTSReadingTests {
    static let base = """
        version: 1
        summary: HSTS.
        servers:
          secure:
            host: secure.hsts.test
            tls: { profile: valid }
            routes:
              - path: /
                headers: { Strict-Transport-Security: max-age=600 }
              - path: /next
        client:
          requests:
            - { server: secure, path: / }
            - { server: secure, path: /next, scheme: http }
        expect:
          - rule: upgrades-to-https
            server: secure
            path: /next
        """

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try Scenario(yaml: yaml, name: "hsts", file: "hsts.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("a request's scheme is read, a route sending Strict-Transport-Security needs hsts, and the rule is read")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "hsts", file: "hsts.yaml")
        #expect(scenario.client.requests.map(\.scheme) == [nil, .http])
        #expect(scenario.requirements.features.contains(.hsts))
        #expect(ClientFeature(name: "hsts") == .hsts)
        #expect(scenario.expectations.count == 1)
        #expect(scenario.expectations.first?.rule == UpgradesToHTTPS(server: "secure", path: "/next"))
        #expect(scenario.expectations[0].rule.name == UpgradesToHTTPS.name)
        #expect(scenario.expectations[0].rule.judgedServer == "secure")

        // Spelt in any case, the field still needs the feature; without it, none is needed.
        let lowercase = try Scenario(
            yaml: Self.base.replacingOccurrences(of: "Strict-Transport-Security", with: "strict-transport-security"),
            name: "hsts", file: "hsts.yaml")
        #expect(lowercase.requirements.features.contains(.hsts))
        let without = try Scenario(
            yaml: Self.base.replacingOccurrences(
                of: "        headers: { Strict-Transport-Security: max-age=600 }\n", with: ""
            ).replacingOccurrences(
                of: "  - rule: upgrades-to-https\n    server: secure\n    path: /next",
                with: "  - rule: request-succeeds\n    server: secure"),
            name: "hsts", file: "hsts.yaml")
        #expect(!without.requirements.features.contains(.hsts))
    }

    @Test(
        "an unknown scheme, https to a plain server, and upgrades-to-https without TLS, the field or a path are refused",
        arguments: [
            ("scheme: http }", "scheme: ftp }", "unknown scheme 'ftp'"),
            (
                "    tls: { profile: valid }\n", "",
                "'upgrades-to-https' needs server 'secure' to speak TLS and a route of it to send Strict-Transport-Security"
            ),
            (
                "    headers: { Strict-Transport-Security: max-age=600 }\n", "    headers: { X-Other: a }\n",
                "a route of it to send Strict-Transport-Security"
            ),
            ("    path: /next\n", "", "'path'"),
        ])
    func refuses(old: String, new: String, message: String) {
        let yaml = (Self.base + "\n").replacingOccurrences(of: old, with: new)
        #expect(error(yaml)?.description.contains(message) == true, "\(String(describing: error(yaml)))")
    }

    @Test("scheme: https names a server with tls")
    func httpsNeedsTLS() {
        let yaml = Self.base.replacingOccurrences(of: "scheme: http }", with: "scheme: https }")
            .replacingOccurrences(of: "    tls: { profile: valid }\n", with: "")
            .replacingOccurrences(
                of: "  - rule: upgrades-to-https\n    server: secure\n    path: /next",
                with: "  - rule: request-succeeds\n    server: secure")
        #expect(
            error(yaml)?.description.contains("has 'scheme: https', but 'secure' speaks plain HTTP") == true,
            "\(String(describing: error(yaml)))")
    }
}
