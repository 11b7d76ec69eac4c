import Foundation
import Testing

/// What is public is the API: the scheme machines and their wire types (NTLM messages, SPNEGO tokens,
/// the DER reader) are internals of the servers, never part of what a product offers.
@Suite("The public surface")
struct PublicSurfaceTests {
    /// The `public` or `open` declarations of the Swift files under `Sources/module`.
    static func publicDeclarations(in module: String) throws -> [String] {
        let root = MockAuthDBinary.repositoryRoot.appendingPathComponent("Sources/\(module)")
        let declaration = /^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public|open)\s/
        var found: [String] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            for (number, line) in lines.enumerated() where line.firstMatch(of: declaration) != nil {
                found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    @Test("MockAuthSchemes declares nothing public: its types are package, for the servers and the tests")
    func schemesArePackage() throws {
        let declared = try Self.publicDeclarations(in: "MockAuthSchemes")
        #expect(declared.isEmpty, "\(declared.joined(separator: "\n"))")
    }

    /// Every module under `Sources/`.
    static func modules() throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            at: MockAuthDBinary.repositoryRoot.appendingPathComponent("Sources"), includingPropertiesForKeys: nil
        ).map(\.lastPathComponent).sorted()
    }

    /// Issue 23 halved the public surface (about 1,280 declarations) by making what the modules
    /// share `package`, and the scenario's Swift model with it (a scenario is its YAML). A new
    /// public declaration is a decision about the API: this ceiling makes it one. 643 since issue 36
    /// made each rule a type: `RuleName` went from an enum of the rules (one declaration) to an open
    /// name (`rawValue`, `init(rawValue:)`, `init(stringLiteral:)`), so a verdict naming a rule
    /// this build does not know still decodes. 644 since issue 36 gave `ClientCommand` a name a
    /// newcomer can tell from `CommandClient`: `ClientInvocation`, the old name a deprecated alias;
    /// 643 again once `ClientContext.Proxy.isSOCKS` was removed (its `scheme` says it). Issue 37's
    /// corners, each a field a transcript or client reader must see: 644 with `http2-only` (why an
    /// HTTP/2-only server closed a connection, `TLSHandshakeRecord.missingProtocol`); 648 with
    /// `proxy-no-proxy` (the hosts to reach without the proxy, `ClientMaterial.Proxy.bypass` and its
    /// own coding, which reads a material without it; the addresses a proxy dialled from,
    /// `ConnectionRecord.dialledFrom`); 650 with `digest-nextnonce` (which nonce a Digest answer
    /// used, `AuthRecord.digestNonce`, a `DigestNonceUse`, which the verdict on a nextnonce reads);
    /// 651 with `proxy-407-connection-close` (the answers after which a server closed the
    /// connection, `RequestRecord.closedConnection`, which `authenticates` names); 658 with issue
    /// 37's OAuth token refresh: what a client is given for the token endpoint,
    /// `ClientMaterial.tokenEndpoint` and its `ClientMaterial.TokenEndpoint` (the type, its four fields
    /// and its initializer), which the environment and the control API's material carry; 670 with the
    /// Kerberos scenarios (what a server read of a ticket, `AuthRecord.kerberos`, a `KerberosTicket`
    /// with its four fields and initializer; the realm a client is given, `ClientMaterial.kerberos`,
    /// a `ClientMaterial.Kerberos` with its two fields and initializer, the material's initializer
    /// taking it; the feature `ClientFeature.kerberos`); 671 with
    /// `negotiate-kerberos-spn-canonical-name` (a host name that is an alias,
    /// `HostMapping.canonicalName`, which the hosts file writes first on the line); 673 with
    /// `bearer-refresh-concurrent` (a client told to send its requests at once,
    /// `ClientMaterial.concurrent`, which `MOCKAUTH_CONCURRENT` and the control API's material carry;
    /// when a held answer went out, `RequestRecord.answerSequence`, which `sends-concurrently` reads).
    static let publicDeclarationCeiling = 673

    @Test("the public declarations of all modules stay within the ceiling")
    func publicSurfaceStaysSmall() throws {
        let declared = try Self.modules().flatMap { try Self.publicDeclarations(in: $0) }
        #expect(
            declared.count <= Self.publicDeclarationCeiling,
            "\(declared.count) public declarations, over \(Self.publicDeclarationCeiling): make what only the modules share `package`, or raise the ceiling on purpose"
        )
        #expect(declared.count > 100, "the scan found \(declared.count): is it reading Sources/?")
    }

    /// The public types and functions each module declares at the top level (in column 0, or in
    /// column 4 inside a top-level `#if`): what a product offers of its own, or re-exports by name.
    static func publicTypes(in module: String) throws -> Set<String> {
        let declaration =
            /^(    )?(@[A-Za-z_]+(\([^)]*\))?\s+)*public\s+(final\s+)?(class|struct|enum|protocol|actor|typealias|func|var|let)\s+([A-Za-z_][A-Za-z_0-9]*)/
        let root = MockAuthDBinary.repositoryRoot.appendingPathComponent("Sources/\(module)")
        var types = Set<String>()
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            // Top-level declarations start in column 0, or in column 4 inside a top-level `#if`.
            var insideIf = false
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if line.hasPrefix("#if") { insideIf = true }
                if line.hasPrefix("#endif") { insideIf = false }
                guard let match = line.prefixMatch(of: declaration) else { continue }
                if match.output.1 == nil || insideIf { types.insert(String(match.output.6)) }
            }
        }
        return types
    }

    /// docs/api.md, as text.
    static func apiPage() throws -> String {
        try String(contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent("docs/api.md"), encoding: .utf8)
    }

    /// The modules that declare public API: the library products' own, and the layers whose types
    /// they re-export.
    static let apiModules = [
        "MockAuthVocabulary", "MockAuthScenario", "MockAuthTranscript", "MockAuthVerdict", "MockAuthMaterial",
        "MockAuthJudge", "MockAuthPKI", "MockAuthServer", "MockAuth", "MockAuthClients", "MockAuthCommands",
        "MockAuthRemote", "MockAuthRemoteTesting", "MockAuthTesting", "MockAuthAsyncHTTPClient", "MockAuthControl",
    ]

    @Test("docs/api.md names every public type and function of every library module")
    func apiPageIsComplete() throws {
        let page = try Self.apiPage()
        var missing: [String] = []
        for module in Self.apiModules {
            for type in try Self.publicTypes(in: module).sorted() where !page.contains("`\(type)`") {
                missing.append("\(module).\(type)")
            }
        }
        #expect(missing.isEmpty, "docs/api.md does not name: \(missing.joined(separator: ", "))")
    }

    // MARK: Re-exports, by name

    /// `@_exported import struct MockAuthVerdict.Verdict`: a re-export of one symbol, its kind, the
    /// module it comes through and its name.
    static var namedReexport: Regex<(Substring, Substring, Substring, Substring)> {
        /^\s*@_exported\s+import\s+(struct|class|enum|protocol|typealias|func|var|let)\s+([A-Za-z_][A-Za-z_0-9]*)\.([A-Za-z_][A-Za-z_0-9]*)\s*$/
    }

    /// Every `@_exported import` line of the Swift files under `Sources/module`.
    static func reexportLines(in module: String) throws -> [String] {
        let root = MockAuthDBinary.repositoryRoot.appendingPathComponent("Sources/\(module)")
        var found: [String] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            where line.trimmingCharacters(in: .whitespaces).hasPrefix("@_exported") {
                found.append(String(line))
            }
        }
        return found
    }

    @Test("no module of Sources re-exports a whole module: each re-export names one symbol")
    func noWholeModuleReexports() throws {
        var whole: [String] = []
        var named = 0
        for module in try Self.modules() {
            for line in try Self.reexportLines(in: module) {
                if line.wholeMatch(of: Self.namedReexport) == nil {
                    whole.append("\(module): \(line.trimmingCharacters(in: .whitespaces))")
                } else {
                    named += 1
                }
            }
        }
        #expect(whole.isEmpty, "re-export symbols by name, as docs/api.md lists them: \(whole.joined(separator: "; "))")
        #expect(named > 100, "the scan found \(named) named re-exports: is it reading Sources/?")
    }

    /// A row of docs/api.md's table: the names in backquotes of its own-API cell and of its
    /// re-exports cell (plain identifiers only: `expectPassed()` is a member, not a symbol).
    struct APIRow {
        var own: Set<String>
        var reexports: Set<String>
    }

    /// docs/api.md's table, by product.
    static func apiTable() throws -> [String: APIRow] {
        let identifier = /`([A-Za-z_][A-Za-z_0-9]*)`/
        var rows: [String: APIRow] = [:]
        for line in try apiPage().split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count == 6 else { continue }
            let names = { (cell: Substring) in Set(cell.matches(of: identifier).map { String($0.output.1) }) }
            let product = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: " `"))
            rows[product] = APIRow(own: names(cells[3]), reexports: names(cells[4]))
        }
        return rows
    }

    /// What a product's row says it re-exports: each name, and for a product named there ("everything
    /// `MockAuth` offers") that product's own API and its re-exports.
    static func documentedReexports(of product: String, in table: [String: APIRow]) -> Set<String> {
        guard let row = table[product] else { return [] }
        var names = Set<String>()
        for name in row.reexports {
            if let offered = table[name] {
                names.formUnion(offered.own.union(documentedReexports(of: name, in: table)))
            } else {
                names.insert(name)
            }
        }
        return names
    }

    @Test("each library product's own public API and its re-exports are the ones docs/api.md lists for it")
    func reexportsAreTheReviewedList() async throws {
        let products = try await Manifest.load().libraryProducts
        let table = try Self.apiTable()
        #expect(
            Set(table.keys) == products,
            "docs/api.md's rows: \(table.keys.sorted()); library products: \(products.sorted())")
        for product in products.sorted() {
            let own = try Self.publicTypes(in: product)
            let documentedOwn = table[product]?.own ?? []
            #expect(
                own == documentedOwn,
                "\(product) declares, undocumented: \(own.subtracting(documentedOwn).sorted()); documented, not declared: \(documentedOwn.subtracting(own).sorted())"
            )
            let reexported = Set(
                try Self.reexportLines(in: product).compactMap {
                    $0.wholeMatch(of: Self.namedReexport).map { String($0.output.3) }
                })
            let documented = Self.documentedReexports(of: product, in: table)
            #expect(
                reexported == documented,
                "\(product) re-exports, undocumented: \(reexported.subtracting(documented).sorted()); documented, not re-exported: \(documented.subtracting(reexported).sorted())"
            )
        }
    }

    // MARK: The baseline

    @Test("APIBaseline/ has a dump of each module with public API, without package declarations, and CI checks it")
    func baselineIsChecked() throws {
        let root = MockAuthDBinary.repositoryRoot
        let folder = root.appendingPathComponent("APIBaseline")
        let dumps = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(Set(dumps.map { String($0.dropLast(".json".count)) }) == Set(Self.apiModules))
        for dump in dumps {
            let text = try String(contentsOf: folder.appendingPathComponent(dump), encoding: .utf8)
            #expect(!text.contains("\"isInternal\""), "\(dump) has package declarations: make api-baseline")
            #expect(!text.contains("tool_arguments"), "\(dump) names the machine that wrote it: make api-baseline")
        }
        // The script compares exactly these modules, with SwiftPM's command.
        let script = try String(contentsOf: root.appendingPathComponent("scripts/api-check"), encoding: .utf8)
        let list = try #require(script.firstMatch(of: /\nmodules=\(([^)]*)\)/)?.output.1)
        #expect(Set(list.split(whereSeparator: \.isWhitespace).map(String.init)) == Set(Self.apiModules))
        #expect(script.contains("package diagnose-api-breaking-changes HEAD --baseline-dir"))
        let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("\napi-check:\n\tSWIFT=$(SWIFT) scripts/api-check\n"))
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("\nmake api-check\n"))
    }
}
