import Foundation
import Testing

/// The documents a newcomer reads link only to files the repository has.
@Suite("Documentation links")
struct DocumentationLinkTests {
    static let root = MockAuthDBinary.repositoryRoot

    /// The Markdown files of the repository (not build folders or checkouts).
    static func documents() throws -> [URL] {
        let keys: [URLResourceKey] = [.isDirectoryKey]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name.hasPrefix(".build") || name.hasPrefix(".venv") || name == ".git" || name == ".swiftpm" {
                walker.skipDescendants()
                continue
            }
            if url.pathExtension == "md" { found.append(url) }
        }
        return found
    }

    @Test("every relative link of every Markdown file names a file or folder that exists")
    func relativeLinksExist() throws {
        let link = /\]\(([^)#\s]+)(#[^)]*)?\)/
        let documents = try Self.documents()
        #expect(documents.count > 10)
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for match in text.matches(of: link) {
                let target = String(match.output.1)
                guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let resolved = document.deletingLastPathComponent().appendingPathComponent(target).standardized
                #expect(
                    FileManager.default.fileExists(atPath: resolved.path),
                    "\(document.path.replacingOccurrences(of: Self.root.path + "/", with: "")) links to \(target)")
            }
        }
    }
}
