import MockAuthScenario
import Testing

@Suite("Reading remote-dns on the client's SOCKS5 proxy, and the rule connects-by-name")
struct SOCKSRemoteDNSReadingTests {
    static let base = """
        version: 1
        summary: A name only the SOCKS5 proxy resolves.
        servers:
          proxy:
            proxy: socks5
          origin:
            host: api.remote.test
            tls: { profile: valid }
        client:
          proxy: { server: proxy, remote-dns: true }
          trust: harness-root
        expect:
          - rule: connects-by-name
            server: proxy
        """

    @Test("remote-dns: true is read; the rule is connects-by-name; the client needs socks but not host-names")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "socks5h", file: "socks5h.yaml")
        #expect(scenario.client.proxy == ProxyClientSpec(server: "proxy", remoteDNS: true))
        #expect(scenario.expectations.first?.rule == ConnectsByName(server: "proxy"))
        #expect(scenario.expectations.first?.rule.name.rawValue == "connects-by-name")
        #expect(scenario.requirements.features.isSuperset(of: [.proxy, .socks]))
        #expect(!scenario.requirements.features.contains(.hostNames), "the client resolves no name")

        let local = Self.base.replacingOccurrences(of: ", remote-dns: true", with: "")
        let given = try Scenario(yaml: local, name: "socks5", file: "socks5.yaml")
        #expect(given.client.proxy?.remoteDNS == false)
        #expect(given.requirements.features.contains(.hostNames), "without remote-dns the client resolves the name")
    }

    @Test("an HTTP proxy resolves the origin's name for its client: no host-names needed, but for the proxy's own")
    func httpProxyResolves() throws {
        let yaml = Self.base.replacingOccurrences(of: "proxy: socks5", with: "proxy: true")
            .replacingOccurrences(of: ", remote-dns: true", with: "")
            .replacingOccurrences(
                of: "rule: connects-by-name\n    server: proxy", with: "rule: request-succeeds\n    server: origin")
        let scenario = try Scenario(yaml: yaml, name: "named-through-proxy", file: "named.yaml")
        #expect(scenario.requirements.features.contains(.proxy))
        #expect(!scenario.requirements.features.contains(.hostNames), "the proxy resolves api.remote.test")
        let namedProxy = yaml.replacingOccurrences(of: "proxy: true", with: "proxy: true\n    host: proxy.remote.test")
        let both = try Scenario(yaml: namedProxy, name: "named-proxy", file: "named-proxy.yaml")
        #expect(both.requirements.features.contains(.hostNames), "the client resolves its proxy's name")
    }

    @Test("remote-dns on an HTTP proxy is refused, and must be true or false")
    func httpProxy() throws {
        let yaml = Self.base.replacingOccurrences(of: "proxy: socks5", with: "proxy: true")
            .replacingOccurrences(
                of: "rule: connects-by-name\n    server: proxy", with: "rule: request-succeeds\n    server: origin")
        let error = try #require(throws: ScenarioError.self) { try Scenario(yaml: yaml, name: "bad", file: "bad.yaml") }
        #expect(error.reason.contains("'remote-dns' is for a SOCKS5 proxy"), "\(error)")
        let word = Self.base.replacingOccurrences(of: "remote-dns: true", with: "remote-dns: proxy")
        #expect(throws: ScenarioError.self) { try Scenario(yaml: word, name: "bad", file: "bad.yaml") }
    }

    @Test("connects-by-name needs a SOCKS5 proxy: on an origin it is refused")
    func ruleOnOrigin() throws {
        let yaml = Self.base.replacingOccurrences(
            of: "rule: connects-by-name\n    server: proxy", with: "rule: connects-by-name\n    server: origin")
        let error = try #require(throws: ScenarioError.self) { try Scenario(yaml: yaml, name: "bad", file: "bad.yaml") }
        #expect(error.reason.contains("needs server 'origin' to be a SOCKS5 proxy"), "\(error)")
    }
}
