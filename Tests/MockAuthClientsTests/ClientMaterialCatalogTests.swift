import Foundation
import MockAuthKerberos
import MockAuthTestSupport
import MockAuthTesting
import Testing

/// The client contract over the whole catalog: each scenario's material, its environment (real
/// files in the run's directory), its JSON and its ``ClientContext`` are one value in four forms.
@Suite("ClientMaterial: every scenario of the catalog, in every form")
struct ClientMaterialCatalogTests {
    @Test("material → environment → material and material → JSON → material, for every scenario")
    func roundTrips() async throws {
        var produced: Set<ClientVariable> = []
        let kerberos = await Self.kerberos()
        var withoutRealm: [String] = []
        for scenario in try ScenarioCatalog.bundled.loadAll() {
            guard kerberos != nil || !scenario.requirements.features.contains(.kerberos) else {
                withoutRealm.append(scenario.name)
                continue
            }
            try await withTeardown { teardown in
                let run = try await ScenarioRun.start(scenario, kerberos: kerberos)
                teardown.add { await run.shutdown() }
                let material = run.material
                let environment = run.environment
                #expect(try ClientMaterial(environment: environment) == material, "\(scenario.name)")
                let json = try JSONEncoder().encode(material)
                #expect(try JSONDecoder().decode(ClientMaterial.self, from: json) == material, "\(scenario.name)")
                // The environment read back and written again names the very same files.
                #expect(try ClientMaterial(environment: environment).environment(files: run.files) == environment)
                #expect(environment.values.allSatisfy { !$0.isEmpty }, "\(scenario.name): a variable is empty")
                let unknown = environment.keys.filter { ClientVariable.parse($0) == nil }
                #expect(unknown.isEmpty, "\(scenario.name): \(unknown) is no ClientVariable")
                produced.formUnion(environment.keys.compactMap { ClientVariable.parse($0)?.variable })
                // A Swift client's context is the same projection from the run and from the environment.
                let context = ClientContext(run)
                let fromEnvironment = try ClientContext(environment: environment)
                #expect(context.material == material && fromEnvironment.material == material)
                #expect(fromEnvironment.trustAnchorsDER == context.trustAnchorsDER)
                #expect(fromEnvironment.identity?.issuerNameDER == context.identity?.issuerNameDER)
                #expect(fromEnvironment.proxy?.port == context.proxy?.port)
                #expect(fromEnvironment.requirements == scenario.requirements, "\(scenario.name)")
            }
        }
        let missing = Set(ClientVariable.allCases).subtracting(produced).map(\.name).sorted()
        guard withoutRealm.isEmpty else {
            // Only the realm's two variables may be missing then; the skip names what to install.
            #expect(
                missing == ["MOCKAUTH_KRB5CCNAME", "MOCKAUTH_KRB5_CONFIG"],
                "no scenario of the catalog gives \(missing)")
            try await Tool.require(.kerberos)
            return
        }
        #expect(missing.isEmpty, "no scenario of the catalog gives \(missing)")
    }

    /// MIT Kerberos's realms for the scenarios whose servers verify tickets, where its KDC is installed.
    static func kerberos() async -> MITKerberos? {
        await Tool.kerberos.isAvailable ? MITKerberos() : nil
    }

    @Test("a later URL's own account: MOCKAUTH_USERNAME_2 is request 2 in the material and the context")
    func perRequestAccounts() async throws {
        let scenario = try ScenarioCatalog.bundled.load("connection-reuse-other-credentials")
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let second = try #require(scenario.client.requests.dropFirst().first?.credentials)
            #expect(run.environment["MOCKAUTH_USERNAME_2"] == second.username)
            #expect(run.material.requestAccounts == [2: second])
            let context = try ClientContext(environment: run.environment)
            #expect(context.requestAccounts == [2: second])
            #expect(context.account(forRequest: 2) == second)
            #expect(context.account(forRequest: 1) == scenario.client.credentials)
        }
    }

    @Test(
        "MOCKAUTH_PAUSE_SECONDS: digest-stale asks for a pause longer than its nonces live; no other scenario asks for one"
    )
    func pause() async throws {
        let kerberos = await Self.kerberos()
        for scenario in try ScenarioCatalog.bundled.loadAll() {
            // Without a KDC a Kerberos scenario cannot run; it asks for no pause either way.
            guard kerberos != nil || !scenario.requirements.features.contains(.kerberos) else { continue }
            try await withTeardown { teardown in
                let run = try await ScenarioRun.start(scenario, kerberos: kerberos)
                teardown.add { await run.shutdown() }
                let pause = run.environment[ClientVariable.pauseSeconds.name]
                guard scenario.name == "digest-stale" else {
                    #expect(pause == nil, "\(scenario.name) asks for a pause")
                    return
                }
                #expect(pause == "3")
                #expect(run.material.pauseSeconds == 3)
                #expect(try ClientContext(environment: run.environment).pauseSeconds == 3)
                let lifetime = try #require(scenario.server("origin")?.auth?.nonceLifetime)
                #expect(3 > lifetime, "the nonce must go stale during the pause")
            }
        }
    }

    @Test("MOCKAUTH_CONCURRENT: bearer-refresh-concurrent asks for its requests at once; no other scenario does")
    func concurrent() async throws {
        let asking = try ScenarioCatalog.bundled.loadAll().filter(\.client.concurrent).map(\.name)
        #expect(asking == ["bearer-refresh-concurrent"])
        let scenario = try ScenarioCatalog.bundled.load("bearer-refresh-concurrent")
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            #expect(run.environment[ClientVariable.concurrent.name] == "1")
            #expect(run.material.concurrent)
            #expect(run.urls.count == 4)
        }
    }

    @Test("the proxy's NTLM domain reaches a command too (MOCKAUTH_PROXY_DOMAIN)")
    func proxyDomain() async throws {
        let scenario = try ScenarioCatalog.bundled.load("proxy-ntlm")
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            #expect(run.environment["MOCKAUTH_PROXY_DOMAIN"] == "MOCKAUTH")
            #expect(try ClientContext(environment: run.environment).proxy?.credentials?.domain == "MOCKAUTH")
        }
    }

    @Test("remote-dns: the client is told socks5h:// and given no mapping for the name only the proxy resolves")
    func remoteDNS() async throws {
        let scenario = try ScenarioCatalog.bundled.load("socks5h-remote-dns")
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let proxy = try #require(run.material.proxy)
            #expect(proxy.url.hasPrefix("socks5h://127.0.0.1:"), "\(proxy.url)")
            #expect(run.material.url.hasPrefix("https://api.remote.test:"))
            #expect(run.material.hosts.isEmpty, "\(run.material.hosts)")
            #expect(run.environment["MOCKAUTH_RESOLVE"] == nil)
            #expect(run.hostsFile == nil)
            #expect(try ClientContext(environment: run.environment).proxy?.port == run.server.endpoint("proxy")?.port)
        }
        // Its control gives the mapping and socks5://, as every other SOCKS5 scenario does.
        let control = try ScenarioCatalog.bundled.load("socks5")
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(control)
            teardown.add { await run.shutdown() }
            #expect(run.material.proxy?.url.hasPrefix("socks5://") == true)
        }
    }

    @Test("runs that share client files share the files whose bytes are the same")
    func sharedFiles() async throws {
        let pki = try HarnessPKI.shared()
        let files = try ClientFiles.write(pki)
        defer { files.remove() }
        let wildcard = try ScenarioCatalog.bundled.load("tls-wildcard")
        try await withTeardown { teardown in
            let first = try await ScenarioRun.start(wildcard, pki: pki, files: files)
            teardown.add { await first.shutdown() }
            let second = try await ScenarioRun.start(wildcard, pki: pki, files: files)
            teardown.add { await second.shutdown() }
            #expect(first.environment["MOCKAUTH_CA_FILE"] == files.caFile)
            #expect(second.environment["MOCKAUTH_CA_FILE"] == files.caFile)
            // Their servers listen on other ports (MOCKAUTH_RESOLVE), at the same address: a hosts
            // file names no port, so they share one.
            #expect(first.environment["MOCKAUTH_RESOLVE"] != second.environment["MOCKAUTH_RESOLVE"])
            let hosts = try #require(first.hostsFile)
            #expect(second.hostsFile == hosts)
            #expect(try String(contentsOfFile: hosts, encoding: .utf8).contains(first.material.hosts[0].hostsLine))
            #expect(try ClientMaterial(environment: second.environment) == second.material)
        }
    }
}

/// ``ClientFiles`` as the store of a run's files.
@Suite("ClientFiles: a file for each value")
struct ClientFilesStoreTests {
    @Test("bytes it already holds keep their file; other bytes get a file of their own, never replacing one")
    func contentAddressed() throws {
        let pki = try HarnessPKI.shared()
        let files = try ClientFiles.write(pki)
        defer { files.remove() }
        #expect(try files.path(of: .caFile, holding: Array(pki.root.pem.utf8), scenario: "s") == files.caFile)
        #expect(
            try files.path(of: .clientPKCS12, holding: pki.clientPKCS12(.pbes2), scenario: "s")
                == files.clientPKCS12(.pbes2))
        let one = try files.path(of: .bodyFile, holding: Array("one".utf8), scenario: "s")
        let two = try files.path(of: .bodyFile, holding: Array("two".utf8), scenario: "s")
        #expect(one != two)
        #expect(try files.path(of: .bodyFile, holding: Array("one".utf8), scenario: "s") == one)
        #expect(try String(contentsOfFile: one, encoding: .utf8) == "one")
        #expect(try String(contentsOfFile: two, encoding: .utf8) == "two")
        // A secret is written readable by its owner only.
        let key = try files.path(of: .clientKey, holding: Array("not the harness key".utf8), scenario: "s")
        let mode = try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(throws: HarnessError.self) { try files.path(of: .token, holding: [], scenario: "s") }
    }
}
