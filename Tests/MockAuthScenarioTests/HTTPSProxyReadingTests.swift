import MockAuthScenario
import Testing

@Suite("Reading an HTTPS proxy: tls on a proxy server and the https-proxy feature")
struct HTTPSProxyReadingTests {
    static let base = """
        version: 1
        summary: An HTTPS proxy.
        servers:
          proxy:
            proxy: true
            tls: { profile: expired }
          origin:
            tls: { profile: valid }
        client:
          proxy: { server: proxy }
          trust: harness-root
        expect:
          - rule: rejects-certificate
            server: proxy
        """

    @Test("a proxy takes a TLS profile like an origin; the scenario then needs https-proxy besides proxy")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "https-proxy", file: "https-proxy.yaml")
        let proxy = try #require(scenario.server("proxy"))
        #expect(proxy.role == .forwardProxy)
        #expect(proxy.tls?.profile == .expired)
        #expect(proxy.urlScheme == "https")
        #expect(scenario.requirements.features.isSuperset(of: [.proxy, .httpsProxy, .tls, .customTrustAnchors]))
        #expect(scenario.requirements.environmentValue.split(separator: " ").contains("https-proxy"))
        #expect(!scenario.requirements.areMet(lacking: [.httpsProxy]))
        #expect(scenario.requirements.unmet(lacking: [.httpsProxy]) == ["https-proxy"])
    }

    @Test("a plain proxy in front of a TLS origin needs proxy, not https-proxy")
    func plainProxy() throws {
        let yaml = Self.base.replacingOccurrences(of: "    tls: { profile: expired }\n", with: "")
        let scenario = try Scenario(yaml: yaml, name: "plain-proxy", file: "plain-proxy.yaml")
        #expect(scenario.server("proxy")?.tls == nil)
        #expect(scenario.requirements.features.contains(.proxy))
        #expect(!scenario.requirements.features.contains(.httpsProxy))
        #expect(scenario.requirements.areMet(lacking: [.httpsProxy]))
    }

    @Test("the feature's name round-trips through --lacks and MOCKAUTH_FEATURES")
    func featureName() {
        #expect(ClientFeature(name: "https-proxy") == .httpsProxy)
        #expect(ClientFeature.parse("proxy,https-proxy").features == [.proxy, .httpsProxy])
        #expect(ClientRequirements(environmentValue: "tls proxy https-proxy").features == [.tls, .proxy, .httpsProxy])
    }

    @Test("http2 on a proxy is still an error, with or without tls")
    func http2StillRefused() {
        let yaml = Self.base.replacingOccurrences(
            of: "    tls: { profile: expired }\n", with: "    tls: { profile: valid }\n    http2: true\n")
        #expect(throws: ScenarioError.self) { try Scenario(yaml: yaml, name: "h2-proxy", file: "h2-proxy.yaml") }
    }
}
