import Foundation
import Testing

/// `docs/architecture.md`'s table of modules says what `Package.swift` declares.
@Suite("The architecture table")
struct ArchitectureTableTests {
    @Test("every module of Sources has a row, and its 'depends on' cell is its direct dependencies")
    func table() async throws {
        let manifest = try await Manifest.load()
        let document = try String(
            contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        // `| \`MockAuthServer\` | job | Scenario, Transcript, swift-nio |`
        var rows: [String: Set<String>] = [:]
        for line in document.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let dependencies = cells[cells.count - 2].replacing(/\(.*?\)/, with: "")
            rows[name] = Set(
                dependencies.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                    !$0.isEmpty && $0 != "nothing"
                })
        }
        let modules = manifest.targets.filter { ["regular", "executable"].contains($0.type) }
        let ownModules = Set(manifest.targets.map(\.name))
        for module in modules where !module.name.hasSuffix("TestSupport") && module.name != "COpenSSLCrossCheck" {
            guard let documented = rows[module.name] else {
                Issue.record("docs/architecture.md has no row for \(module.name)")
                continue
            }
            // Other modules by the name after `MockAuth` (`MockAuth` itself as is), packages by name.
            let declared = Set(
                module.targets.map { name in
                    name.hasPrefix("MockAuth") && name != "MockAuth" && ownModules.contains(name)
                        ? String(name.dropFirst("MockAuth".count)) : name
                }
            ).union(module.packages)
            #expect(
                documented == declared,
                "\(module.name): the table says \(documented.sorted()), Package.swift \(declared.sorted())")
        }
    }
}
