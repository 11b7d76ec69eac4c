import Foundation
import Testing

/// docs/architecture.md's "How to add" names the files a change of each kind touches; these tests
/// count them for the section's example of each, so the section stays true. (Rules:
/// `RuleListTests`, for every rule.)
@Suite("How to add")
struct HowToAddTests {
    static let root = MockAuthDBinary.repositoryRoot
    static let sources = root.appendingPathComponent("Sources")

    /// The Swift files under Sources (relative paths) whose text names `identifier` as a word.
    static func sourceFiles(naming identifier: String) throws -> Set<String> {
        let word = try Regex("\\b\(identifier)\\b").wordBoundaryKind(.simple)
        return Set(try RuleListTests.swiftFiles(under: sources).filter { $0.text.contains(word) }.map(\.path))
    }

    @Test("a listener role: outside its folder, only Listener.bind names the SOCKS5 proxy's types")
    func listenerRole() throws {
        let folder = "MockAuthServer/SOCKS/"
        let files = try RuleListTests.swiftFiles(under: Self.sources)
        let declaration = /(?m)^(?:package |public )?(?:final )?(?:struct|enum|class|protocol|actor) ([A-Za-z]+)/
        let types = files.filter { $0.path.hasPrefix(folder) }.flatMap { file in
            file.text.matches(of: declaration).map { String($0.1) }
        }
        #expect(types.contains("SOCKSListener"), "the folder declares \(types)")
        var naming: Set<String> = []
        for type in types {
            naming.formUnion(try Self.sourceFiles(naming: type).filter { !$0.hasPrefix(folder) })
        }
        #expect(naming == ["MockAuthServer/Listener.swift"])
        // The role in the model: its case, the key that reads it, and what the role means for a
        // client (its URL scheme, its features, the names it resolves, the loader's check that
        // `remote-dns` names one) and a rule of its own.
        let model = try Self.sourceFiles(naming: "socks5").filter { $0.hasPrefix("MockAuthScenario/") }
        #expect(
            model == [
                "MockAuthScenario/Model/ServerRole.swift", "MockAuthScenario/Loading/ServerSpec+Reading.swift",
                "MockAuthScenario/Model/ServerSpec.swift", "MockAuthScenario/Model/ClientFeature.swift",
                "MockAuthScenario/Model/Scenario.swift", "MockAuthScenario/Loading/Scenario+Reading.swift",
                "MockAuthScenario/Rules/ConnectsByName.swift",
            ])
    }

    @Test("a TLS profile with an unusual extension: 4 Swift files")
    func tlsProfile() throws {
        #expect(
            try Self.sourceFiles(naming: "unknownCriticalExtension") == [
                "MockAuthVocabulary/TLSProfile.swift", "MockAuthVocabulary/TLSProfileTraits.swift",
                "MockAuthPKI/ChainRecipe.swift", "MockAuthPKI/CertificateIssuer.swift",
            ])
        // A profile without a new extension: 3.
        #expect(
            try Self.sourceFiles(naming: "notYetValid") == [
                "MockAuthVocabulary/TLSProfile.swift", "MockAuthVocabulary/TLSProfileTraits.swift",
                "MockAuthPKI/ChainRecipe.swift",
            ])
    }

    @Test("a conformance adapter: its adapter, its entry, its baseline, where it comes from, its findings")
    func adapter() throws {
        // What a maintainer edits (generated files and tests aside): Conformance/, scripts/, .ci/,
        // the Makefile, the clients' package list, and docs/conformance.md for the findings.
        let places = [
            "Conformance", "scripts", ".ci", "Makefile", "Tests/Clients/requirements.txt", "docs/conformance.md",
        ]
        var naming: Set<String> = []
        for place in places {
            let url = Self.root.appendingPathComponent(place)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                Issue.record("\(place) is missing")
                continue
            }
            let files =
                isDirectory.boolValue
                ? (FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                : [url]
            for file in files {
                guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains("httpx") else {
                    continue
                }
                naming.insert(
                    String(file.standardizedFileURL.path.dropFirst(Self.root.standardizedFileURL.path.count + 1)))
            }
        }
        #expect(
            naming == [
                "Conformance/adapters/httpx_adapter.py", "Conformance/clients.yaml", "Conformance/baselines/httpx.json",
                "Tests/Clients/requirements.txt", "scripts/test-setup", "docs/conformance.md",
            ])
    }
}
