import MockAuthScenario
import Testing

@Suite("Reading HTTP/2: the http2 server key and the http-version rule")
struct HTTP2ReadingTests {
    static let base = """
        version: 1
        summary: HTTP/2.
        servers:
          origin:
            tls: { profile: valid }
            http2: true
        expect:
          - rule: http-version
            server: origin
            version: HTTP/2
            level: should
        """

    func read(_ yaml: String) throws(ScenarioError) -> Scenario {
        try Scenario(yaml: yaml, name: "http2", file: "http2.yaml")
    }

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try read(yaml)
            return nil
        } catch {
            return error
        }
    }

    @Test("http2 and http-version are read; a server without the key speaks HTTP/1.1 only")
    func reads() throws {
        let scenario = try read(Self.base)
        #expect(scenario.servers.first?.http2 == .besideHTTP1)
        #expect(scenario.expectations.first?.rule == HTTPVersionUsed(server: "origin", version: .http2))
        #expect(scenario.expectations.first?.level == .should)
        #expect(scenario.expectations.first?.rule.summary == "speaks HTTP/2 to origin")
        let plain = try read(Self.base.replacingOccurrences(of: "    http2: true\n", with: ""))
        #expect(plain.servers.first?.http2 == .no)
        #expect(scenario.requirements == plain.requirements, "HTTP/2 beside HTTP/1.1 is no requirement")
    }

    @Test("http2: only is HTTP/2 alone, and a client must speak HTTP/2 to take part")
    func only() throws {
        let scenario = try read(Self.base.replacingOccurrences(of: "http2: true", with: "http2: only"))
        #expect(scenario.servers.first?.http2 == .only)
        #expect(scenario.servers.first?.http2.applicationProtocols == ["h2"])
        #expect(scenario.requirements.features.contains(.http2))
        #expect(!scenario.requirements.areMet(lacking: [.http2]))
        #expect(ClientFeature(name: "http2") == .http2)
    }

    @Test("http2: only needs TLS (ALPN offers it); a value other than true, false or only is refused")
    func onlyNeedsTLS() {
        let plain = error(
            Self.base.replacingOccurrences(of: "http2: true", with: "http2: only").replacingOccurrences(
                of: "    tls: { profile: valid }\n", with: ""))
        #expect(plain?.code == .invalidValue)
        #expect(plain?.description.contains("'http2: only' is offered by ALPN") == true, "\(String(describing: plain))")
        let other = error(Self.base.replacingOccurrences(of: "http2: true", with: "http2: h2c"))
        #expect(other?.code == .invalidValue)
        #expect(other?.location?.line == 6)
        #expect(other?.description.contains("'http2' is true") == true, "\(String(describing: other))")
    }

    @Test("a version that is not HTTP/1.0, HTTP/1.1 or HTTP/2 is refused where it is written")
    func unknownVersion() {
        let mistake = error(Self.base.replacingOccurrences(of: "version: HTTP/2", with: "version: h2"))
        #expect(mistake?.code == .invalidValue)
        #expect(mistake?.location?.line == 10)
        #expect(mistake?.description.contains("unknown HTTP version 'h2'") == true, "\(String(describing: mistake))")
    }

    @Test("a proxy with http2 is an error: proxies speak HTTP/1.1")
    func proxy() {
        let yaml = Self.base.replacingOccurrences(of: "    tls: { profile: valid }\n", with: "    proxy: true\n")
        let mistake = error(yaml)
        #expect(mistake?.code == .invalidValue)
        #expect(mistake?.description.contains("a proxy server speaks HTTP/1.1 only") == true)
    }
}
