import Foundation
import MockAuthTestSupport
import Testing

/// The CI workflow (`.github/workflows/ci.yml`) keeps up with the manifest.
@Suite("The CI workflow")
struct WorkflowTests {
    static let workflow = MockAuthDBinary.repositoryRoot.appendingPathComponent(".github/workflows/ci.yml")

    /// The library products of the manifest, from `swift package dump-package`.
    func libraryProducts() async throws -> Set<String> {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try await Shell.execute(
            [
                "swift", "package", "--package-path", MockAuthDBinary.repositoryRoot.path, "--scratch-path",
                scratch.path, "dump-package",
            ], timeout: 300)
        try #require(dump.status == 0, "\(dump.error)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let products = manifest["products"] as? [[String: Any]] ?? []
        return Set(
            products.compactMap { product in
                let type = product["type"] as? [String: Any]
                return type?["library"] != nil ? product["name"] as? String : nil
            })
    }

    @Test("the simulators build every library product but MockAuthCommands (macOS and Linux only)")
    func simulatorProducts() async throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        let loop = try #require(text.range(of: "for product in ")?.upperBound)
        let list = text[loop...].prefix { $0 != ";" }
        let built = Set(list.split(whereSeparator: { $0 == " " || $0 == "\\" || $0 == "\n" }).map(String.init))
        let products = try await libraryProducts()
        #expect(products.contains("MockAuthCommands") && products.contains("MockAuthTesting"), "\(products)")
        #expect(built == products.subtracting(["MockAuthCommands"]), "workflow: \(built.sorted())")
        for job in ["linux:", "macos:", "apple-platforms:"] {
            #expect(text.contains("\n  \(job)\n"), "the workflow has the \(job) job")
        }
        #expect(text.contains("bash .ci/run"))
    }
}
