import MockAuthScenario
import MockAuthVocabulary
import Testing

@Suite("Reading a SOCKS5 proxy: proxy: socks5 and the socks feature")
struct SOCKSReadingTests {
    static let base = """
        version: 1
        summary: A SOCKS5 proxy.
        servers:
          proxy:
            proxy: socks5
          origin:
            tls: { profile: valid }
        client:
          proxy: { server: proxy }
          trust: harness-root
        expect:
          - rule: request-succeeds
            server: origin
        """

    @Test("proxy: socks5 is a proxy that speaks SOCKS5; the scenario needs socks besides proxy")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "socks", file: "socks.yaml")
        let proxy = try #require(scenario.server("proxy"))
        #expect(proxy.role == .socks5(account: nil))
        #expect(proxy.role.relays)
        #expect(proxy.urlScheme == "socks5")
        #expect(scenario.server("origin")?.role == .origin)
        #expect(scenario.requirements.features.isSuperset(of: [.proxy, .socks, .tls, .customTrustAnchors]))
        #expect(scenario.requirements.unmet(lacking: [.socks]) == ["socks"])
    }

    @Test("proxy: true is still an HTTP proxy, and needs no socks")
    func httpProxy() throws {
        let yaml = Self.base.replacingOccurrences(of: "proxy: socks5", with: "proxy: true")
        let scenario = try Scenario(yaml: yaml, name: "http-proxy", file: "http-proxy.yaml")
        #expect(scenario.server("proxy")?.role == .forwardProxy)
        #expect(!scenario.requirements.features.contains(.socks))
    }

    @Test("the feature's name round-trips through --lacks and MOCKAUTH_FEATURES")
    func featureName() {
        #expect(ClientFeature(name: "socks") == .socks)
        #expect(ClientFeature.parse("proxy,socks").features == [.proxy, .socks])
        #expect(ClientRequirements(environmentValue: "proxy socks").features == [.proxy, .socks])
    }

    @Test(
        "a SOCKS5 proxy takes no tls, routes or auth, and proxy takes only true, false or socks5",
        arguments: [
            "    tls: { profile: valid }\n", "    routes: [{ path: / }]\n",
            "    auth: { realm: r, schemes: [basic], username: u, password: p }\n",
        ])
    func refusals(_ extra: String) {
        let yaml = Self.base.replacingOccurrences(of: "    proxy: socks5\n", with: "    proxy: socks5\n" + extra)
        #expect(throws: ScenarioError.self) { try Scenario(yaml: yaml, name: "bad", file: "bad.yaml") }
        let socks4 = Self.base.replacingOccurrences(of: "proxy: socks5", with: "proxy: socks4")
        #expect(throws: ScenarioError.self) { try Scenario(yaml: socks4, name: "bad", file: "bad.yaml") }
    }

    @Test(
        "credentials on a SOCKS5 proxy are its RFC 1929 account; on an HTTP server, or out of 1...255 bytes, an error")
    func credentials() throws {
        let yaml = Self.base.replacingOccurrences(
            of: "    proxy: socks5\n",
            with: "    proxy: socks5\n    credentials: { username: socks-user, password: tunnel-7 }\n")
        let scenario = try Scenario(yaml: yaml, name: "socks-auth", file: "socks-auth.yaml")
        #expect(
            scenario.server("proxy")?.role == .socks5(account: Account(username: "socks-user", password: "tunnel-7")))
        let onHTTP = yaml.replacingOccurrences(of: "proxy: socks5", with: "proxy: true")
        #expect(throws: ScenarioError.self) { try Scenario(yaml: onHTTP, name: "bad", file: "bad.yaml") }
        let long = yaml.replacingOccurrences(of: "tunnel-7", with: String(repeating: "p", count: 256))
        #expect(throws: ScenarioError.self) { try Scenario(yaml: long, name: "bad", file: "bad.yaml") }
    }
}
