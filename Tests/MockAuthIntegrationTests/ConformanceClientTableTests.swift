import Foundation
import MockAuthAsyncHTTPClient
import MockAuthClients
import MockAuthConformance
import MockAuthTestSupport
import Testing

/// The capability table `mockauthd conform --clients` reads: what a library lacks (UNSUPPORTED),
/// what an adapter does not drive (SKIP), and whose behaviour each cell judges (its credit).
@Suite("The conformance client table")
struct ConformanceClientTableTests {
    static let table = """
        version: 1
        clients:
          - name: plain
            command: ./plain.sh
            version: echo plain 1.0 (TinyTLS 2)
            documentation: https://example.org/plain
            lacks:
              - feature: ntlm
                because: it speaks Basic and Digest only
                source: https://example.org/plain#auth
            not-driven:
              - feature: hsts
                because: the adapter keeps no HSTS store between its invocations
            configured:
              - features: [cookies]
                option: --cookie-jar FILE
                source: https://example.org/plain#cookies
            adapter-decides:
              - features: [pinning]
                scenarios: [protection-space-isolation]
                code: Conformance/adapters/plain.sh
                symbol: check_pin
                because: the library has no pinning; the adapter compares hashes itself
          - name: other
            command: ./other.sh
        """

    @Test("clients in order, lacks and what is not driven, credit rules")
    func reads() throws {
        let table = try ConformanceClientTable(yaml: Self.table, file: "clients.yaml")
        #expect(table.clients.map(\.name) == ["plain", "other"])
        let plain = try #require(table.client("plain"))
        #expect(plain.command == "./plain.sh" && plain.version == "echo plain 1.0 (TinyTLS 2)")
        #expect(plain.lackedFeatures == [.scheme(.ntlm)])
        #expect(plain.lacks.first?.source == "https://example.org/plain#auth")
        #expect(plain.undrivenFeatures == [.hsts])
        #expect(plain.configured.first?.features == [.cookies] && plain.configured.first?.note == "--cookie-jar FILE")
        #expect(plain.adapterDecides.first?.code == "Conformance/adapters/plain.sh")
        #expect(table.client("other")?.lacks.isEmpty == true && table.client("other")?.version == nil)
    }

    @Test("a cell's credit: the adapter's code first (by feature or by name), then an option, else the client")
    func credits() throws {
        let table = try ConformanceClientTable(yaml: Self.table, file: "clients.yaml")
        let plain = try #require(table.client("plain"))
        let catalog = ScenarioCatalog.bundled
        #expect(plain.credit(for: try catalog.load("tls-pin-mismatch")).credit == .adapter)
        #expect(plain.credit(for: try catalog.load("tls-pin-mismatch")).note?.contains("check_pin") == true)
        #expect(plain.credit(for: try catalog.load("protection-space-isolation")).credit == .adapter)
        #expect(plain.credit(for: try catalog.load("cookie-returned")) == (.configured, "--cookie-jar FILE"))
        #expect(plain.credit(for: try catalog.load("tls-expired")).credit == .client)
        #expect(try #require(table.client("other")).credit(for: try catalog.load("tls-pin-mismatch")).credit == .client)
    }

    /// The table with `old` replaced by `new`, read: the error it gives.
    func error(replacing old: String, with new: String) throws -> ScenarioError {
        let yaml = Self.table.replacingOccurrences(of: old, with: new)
        #expect(yaml != Self.table, "the replacement changed nothing: \(old)")
        return try #require(throws: ScenarioError.self) { try ConformanceClientTable(yaml: yaml, file: "clients.yaml") }
    }

    @Test("mistakes are errors with their place: unknown keys and features, a lack without its source, twice")
    func mistakes() throws {
        let key = try error(replacing: "    documentation:", with: "    documentaton:")
        #expect(key.code == .unknownKey && key.location?.line == 6 && key.hint == "'documentation'", "\(key)")
        let feature = try error(replacing: "feature: ntlm", with: "feature: ntml")
        #expect(feature.reason.contains("unknown feature 'ntml'") && feature.hint == "'ntlm'", "\(feature)")
        let source = try error(replacing: "        source: https://example.org/plain#auth\n", with: "")
        #expect(source.reason.contains("plain lacks 'ntlm': say where its documentation says so"), "\(source)")
        let twice = try error(replacing: "  - name: other", with: "  - name: plain")
        #expect(twice.reason.contains("'plain' is listed twice"), "\(twice)")
        let both = try error(replacing: "feature: hsts", with: "feature: ntlm")
        #expect(both.reason.contains("both lacking and not driven"), "\(both)")
        let version = try error(replacing: "version: 1\n", with: "version: 2\n")
        #expect(version.code == .unsupportedVersion, "\(version)")
        let empty = try error(replacing: "because: it speaks Basic and Digest only", with: "because: ''")
        #expect(empty.reason.contains("'because' is empty"), "\(empty)")
        let nothing = try error(replacing: "      - features: [cookies]\n", with: "      - \n")
        #expect(nothing.code == .invalidValue || nothing.code == .missingKey, "\(nothing)")
        let featureAndScenarios = try error(
            replacing: "      - feature: ntlm\n", with: "      - feature: ntlm\n        scenarios: [ntlm]\n")
        #expect(featureAndScenarios.reason.contains("either a feature or scenarios"), "\(featureAndScenarios)")
    }

    @Test("a lack of some scenarios by name: UNSUPPORTED for those, with what they need in words")
    func scenarioLacks() throws {
        let yaml = Self.table.replacingOccurrences(
            of: "    not-driven:",
            with: """
                      - scenarios: [proxy-digest, proxy-connect-digest]
                        what: Digest to a proxy
                        because: it authenticates to proxies with Basic only
                        source: https://example.org/plain#proxies
                    not-driven:
                """)
        let table = try ConformanceClientTable(yaml: yaml, file: "clients.yaml")
        let plain = try #require(table.client("plain"))
        #expect(
            plain.lackedScenarios == ["proxy-digest": "Digest to a proxy", "proxy-connect-digest": "Digest to a proxy"])
        #expect(plain.lackedFeatures == [.scheme(.ntlm)])
        #expect(table.markdown.contains("Digest to a proxy (`proxy-connect-digest`, `proxy-digest`)"))
    }
}

/// `mockauthd conform --clients FILE` with curl: UNSUPPORTED where the table says the library lacks
/// a feature (the adapter is not run), SKIP where the adapter does not drive one, the adapter's
/// cells credited to it and counted apart, and the version read during the run.
@Suite("mockauthd conform --clients")
struct ConformClientsOptionTests {
    @Test("UNSUPPORTED, SKIP, credits and the version line, in the JSON and the summary", .needs(.curl))
    func curlTable() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let adapter = MockAuthDBinary.repositoryRoot.appendingPathComponent("Conformance/adapters/curl.sh").path
        let table = """
            version: 1
            clients:
              - name: curl
                command: \(adapter)
                version: curl --version | head -1
                lacks:
                  - feature: ntlm
                    because: a test's pretence, to see the outcome
                    source: https://curl.se/docs/manpage.html
                not-driven:
                  - feature: hsts
                    because: a test's pretence, to see the outcome
                adapter-decides:
                  - features: [pinning]
                    code: Conformance/adapters/curl.sh
                    symbol: --pinnedpubkey
                    because: a test's pretence, to see the credit
            """
        let file = directory.appendingPathComponent("clients.yaml")
        try table.write(to: file, atomically: true, encoding: .utf8)
        let json = directory.appendingPathComponent("results.json").path
        let summary = directory.appendingPathComponent("summary.md")
        try "# page\n\(ConformanceReport.summaryBegin)\n\(ConformanceReport.summaryEnd)\n".write(
            to: summary, atomically: true, encoding: .utf8)
        let ran = try await Shell.execute(
            [
                MockAuthDBinary.path, "conform", "--scenarios", MockAuthDBinary.scenarios, "--clients", file.path,
                "--tag", "ntlm", "--tag", "hsts", "--tag", "pinning", "--json", json, "--summary", summary.path,
            ], timeout: 300)
        #expect(ran.status == 0, "\(ran.output)\(ran.error)")
        let report = try ConformanceReport(json: try Data(contentsOf: URL(fileURLWithPath: json)))
        let ntlm = try #require(report.result("curl", "ntlm"))
        #expect(ntlm.result == .unsupported && ntlm.reason == "curl lacks ntlm", "\(ntlm.reason)")
        #expect(ntlm.exitStatus == nil, "the adapter is not run for what the library lacks")
        let hsts = try #require(report.result("curl", "hsts-upgrade"))
        #expect(hsts.result == .skip && hsts.reason.contains("cannot be given hsts"), "\(hsts.reason)")
        let pin = try #require(report.result("curl", "tls-pin-mismatch"))
        #expect(pin.result == .pass && pin.credit == .adapter, "\(pin)")
        #expect(pin.creditNote?.contains("Conformance/adapters/curl.sh (--pinnedpubkey)") == true)
        #expect(report.result("curl", "ntlm")?.credit == .client)
        #expect(report.versions["curl"]?.hasPrefix("curl ") == true, "\(report.versions)")
        // The summary counts the client's own cells; the adapter's are apart.
        let page = try String(contentsOf: summary, encoding: .utf8)
        let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("| curl |") })
        let pins = report.results.filter { $0.credit == .adapter }.count
        let summaries = report.summaries
        #expect(summaries.first?.adapter.total == pins && pins > 0)
        #expect(summaries.first?.total.total == report.results.count - pins)
        let apart = try #require(summaries.first?.adapterText)
        #expect(apart.hasPrefix("\(pins): ") && row.contains("| \(apart) |"), "\(row)")
        #expect(page.contains("UNSUPPORTED (the library lacks what the scenario needs"), "\(page)")
    }
}

/// `Conformance/clients.yaml`, the reference clients' table: it reads, each `code` and `symbol` it
/// names is in the adapter, the Swift clients' lacks are their own, nothing else lists lacks, and
/// the conformance page shows it as it is.
@Suite("The reference clients' capability table")
struct ReferenceClientTableTests {
    static let root = MockAuthDBinary.repositoryRoot

    static func table() throws -> ConformanceClientTable {
        try ConformanceClientTable(contentsOf: root.appendingPathComponent("Conformance/clients.yaml").path)
    }

    @Test("it reads; every client has a version command; every lack of a library cites where it is written")
    func reads() throws {
        let table = try Self.table()
        #expect(table.clients.count >= 14, "\(table.clients.map(\.name))")
        for client in table.clients {
            #expect(client.version != nil, "\(client.name) has no version command")
            #expect(client.lacks.allSatisfy { $0.source?.hasPrefix("https://") == true }, "\(client.name)")
        }
        let catalog = Set(try ScenarioCatalog.directory(MockAuthDBinary.scenarios).loadAll().map(\.name))
        for client in table.clients {
            let named =
                client.lacks.flatMap(\.scenarios) + client.notDriven.flatMap(\.scenarios)
                + (client.configured + client.adapterDecides).flatMap(\.scenarios)
            #expect(Set(named).isSubset(of: catalog), "\(client.name) names \(Set(named).subtracting(catalog))")
        }
    }

    @Test("every adapter-decides entry names an adapter file that holds its symbol")
    func codeReferences() throws {
        for client in try Self.table().clients {
            for rule in client.adapterDecides {
                let code = try #require(rule.code)
                let text = try String(contentsOf: Self.root.appendingPathComponent(code), encoding: .utf8)
                let symbol = try #require(rule.symbol, "\(client.name): \(code) names no symbol")
                #expect(text.contains(symbol), "\(client.name): \(code) does not contain '\(symbol)'")
            }
        }
    }

    @Test("URLSession's and AsyncHTTPClient's lacks are their Swift clients' own (URLSession's CA is configured)")
    func swiftClients() throws {
        let table = try Self.table()
        let asyncHTTPClient = try #require(table.client("asynchttpclient"))
        #expect(asyncHTTPClient.lackedFeatures == AsyncHTTPClientClient().lacks)
        #if canImport(FoundationNetworking)
            let urlSession = try #require(table.client("urlsession"))
            #expect(urlSession.lackedFeatures == URLSessionClient().lacks.subtracting([.customTrustAnchors]))
            #expect(urlSession.configured.contains { $0.features.contains(.customTrustAnchors) })
        #endif
    }

    @Test("the table is the only list of lacks: the Makefile passes it, no adapter or Makefile line lists lacks")
    func onlyPlace() throws {
        let makefile = try String(contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("CONFORM_CLIENTS = --clients Conformance/clients.yaml"))
        #expect(!makefile.contains("--lacks") && !makefile.contains("--client "), "the Makefile lists clients")
        let adapters = Self.root.appendingPathComponent("Conformance/adapters")
        for file in try #require(FileManager.default.subpaths(atPath: adapters.path)) {
            guard let text = try? String(contentsOf: adapters.appendingPathComponent(file), encoding: .utf8) else {
                continue
            }
            #expect(!text.contains("--lacks"), "\(file) lists lacks")
        }
    }

    @Test("docs/conformance.md shows the table as it is, between its markers")
    func page() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/conformance.md"), encoding: .utf8)
        let table = try Self.table()
        #expect(
            page.contains(ConformanceClientTable.markdownBegin) && page.contains(ConformanceClientTable.markdownEnd))
        #expect(
            table.replacingMarkdown(in: page) == page, "run make conformance (or conform merge --clients) to rewrite it"
        )
    }
}
