import MockAuthScenario
import Testing

@Suite("The socks-auth feature: a SOCKS5 proxy's RFC 1929 step")
struct SOCKSAuthFeatureTests {
    @Test("a proxy that demands the step needs socks-auth; one that asks for no authentication does not")
    func requirements() throws {
        let catalog = try ScenarioLoader.loadCatalog(directory: ScenarioLoaderTests.catalog)
        func load(_ name: String) throws -> Scenario { try #require(catalog.first { $0.name == name }, "\(name)") }
        for name in ["socks5-auth", "socks5-wrong-password"] {
            let scenario = try load(name)
            #expect(scenario.requirements.features.isSuperset(of: [.proxy, .socks, .socksAuth]), "\(name)")
            #expect(scenario.requirements.unmet(lacking: [.socksAuth]) == ["socks-auth"], "\(name)")
        }
        for name in ["socks5", "socks5h-remote-dns", "socks5-tls-expired"] {
            let scenario = try load(name)
            #expect(scenario.requirements.features.contains(.socks), "\(name)")
            #expect(!scenario.requirements.features.contains(.socksAuth), "\(name)")
        }
    }

    @Test("the feature's name round-trips through --lacks and MOCKAUTH_FEATURES")
    func featureName() {
        #expect(ClientFeature(name: "socks-auth") == .socksAuth)
        #expect(ClientFeature.parse("socks,socks-auth").features == [.socks, .socksAuth])
        #expect(
            ClientRequirements(environmentValue: "proxy socks socks-auth").features == [.proxy, .socks, .socksAuth])
    }
}
