import Foundation
import Testing

/// Every module imported is declared in `Package.swift`: a module that uses another reaches it by
/// its own dependency, not through a third module's re-export or a build that happens to have it.
@Suite("Declared imports")
struct DeclaredImportsTests {
    /// The toolchain's and the platforms' own modules, which no manifest declares.
    static let platformModules: Set<String> = [
        "Darwin", "Dispatch", "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc",
        "Musl", "Network", "Security", "Synchronization", "Testing", "XCTest", "_Concurrency",
    ]

    @Test("each target imports only itself, the targets and products it depends on, and the platform's modules")
    func everyImportIsDeclared() async throws {
        let manifest = try await Manifest.load()
        var checked = 0
        for target in manifest.targets where ["regular", "executable", "test"].contains(target.type) {
            let folder = MockAuthDBinary.repositoryRoot.appendingPathComponent(target.sourcePath)
            let declared = target.targets.union(target.products).union(Self.platformModules).union([target.name])
            for file in Self.swiftFiles(in: folder) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for module in Self.imports(of: text) where !declared.contains(module) {
                    Issue.record(
                        "\(target.sourcePath)/\(file.lastPathComponent) imports \(module), which \(target.name) does not declare"
                    )
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test("imports are read from the file's head only, in every form Swift writes them")
    func readsTheHead() {
        let text = """
            // A comment.
            #if canImport(Glibc)
            import Glibc
            #endif
            @testable import MockAuthServer
            @preconcurrency import struct NIOCore.ByteBuffer
            package import MockAuthScenario

            let script = \"""
            import sys
            \"""
            """
        #expect(Self.imports(of: text) == ["Glibc", "MockAuthServer", "NIOCore", "MockAuthScenario"])
    }

    /// The modules a Swift file imports: its `import` lines before its first declaration (so the
    /// Python or JavaScript a test carries in a string is not read).
    static func imports(of text: String) -> [String] {
        var modules: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*")
                || trimmed.hasPrefix("#")
            {
                continue
            }
            let words = trimmed.split(separator: " ").filter { !$0.hasPrefix("@") }
            let modifiers: Set<Substring> = ["public", "package", "internal", "private", "fileprivate"]
            let rest = words.drop { modifiers.contains($0) }
            guard rest.first == "import", rest.count >= 2 else { break }
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "typealias", "var", "let"]
            let path =
                rest.count >= 3 && kinds.contains(rest[rest.startIndex + 1])
                ? rest[rest.startIndex + 2] : rest[rest.startIndex + 1]
            modules.append(String(path.split(separator: ".").first ?? path))
        }
        return modules
    }

    /// The `.swift` files under `folder`, but for a package manifest (a fixture's `Package.swift`).
    static func swiftFiles(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter {
            $0.pathExtension == "swift" && $0.lastPathComponent != "Package.swift"
        }
    }
}
