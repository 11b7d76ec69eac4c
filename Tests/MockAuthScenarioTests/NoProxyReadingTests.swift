import MockAuthScenario
import Testing

@Suite("Reading bypass on the client's proxy (NO_PROXY), and the feature no-proxy")
struct NoProxyReadingTests {
    static let base = """
        version: 1
        summary: NO_PROXY.
        servers:
          proxy:
            proxy: true
          proxied:
            host: proxied.test
          direct:
            host: direct.test
        client:
          requests:
            - server: proxied
            - server: direct
          proxy: { server: proxy, bypass: [direct] }
        expect:
          - rule: goes-through-proxy
            server: proxied
          - rule: bypasses-proxy
            server: direct
        """

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try Scenario(yaml: yaml, name: "no-proxy", file: "no-proxy.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("bypass is read; the client needs no-proxy, and resolves the server it reaches itself")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "no-proxy", file: "no-proxy.yaml")
        #expect(scenario.client.proxy == ProxyClientSpec(server: "proxy", bypass: ["direct"]))
        #expect(scenario.requirements.features.isSuperset(of: [.proxy, .noProxy, .hostNames]))
        #expect(scenario.requirements.unmet(lacking: [.noProxy]) == ["no-proxy"])
        #expect(ClientFeature(name: "no-proxy") == .noProxy)
        let everything = try Scenario(
            yaml: Self.base.replacingOccurrences(of: ", bypass: [direct]", with: "").replacingOccurrences(
                of: "  - rule: bypasses-proxy\n    server: direct\n", with: ""),
            name: "all-proxied", file: "all-proxied.yaml")
        #expect(!everything.requirements.features.contains(.noProxy))
        #expect(!everything.requirements.features.contains(.hostNames), "the proxy resolves every name")
    }

    @Test(
        "a bypassed server must exist, not be the proxy, and have a name of its own",
        arguments: [
            ("bypass: [nowhere]", "nowhere"),
            ("bypass: [proxy]", "the proxy 'proxy' cannot be bypassed"),
        ])
    func refused(_ bypass: String, _ message: String) {
        let mistake = error(Self.base.replacingOccurrences(of: "bypass: [direct]", with: bypass))
        #expect(mistake?.description.contains(message) == true, "\(String(describing: mistake))")
    }

    @Test(
        "NO_PROXY matches names: a bypassed server on the loopback address, or one sharing a proxied name, is refused")
    func needsOwnName() {
        let address = error(Self.base.replacingOccurrences(of: "host: direct.test", with: "host: 127.0.0.1"))
        #expect(address?.description.contains("needs a host name of its own") == true, "\(String(describing: address))")
        let shared = error(Self.base.replacingOccurrences(of: "host: direct.test", with: "host: proxied.test"))
        #expect(
            shared?.description.contains("shares its name proxied.test with 'proxied'") == true,
            "\(String(describing: shared))")
    }
}
