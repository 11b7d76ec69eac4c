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
}
