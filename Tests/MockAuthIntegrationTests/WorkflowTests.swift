import Foundation
import MockAuthTestSupport
import Testing

/// The CI workflow (`.github/workflows/ci.yml`) keeps up with the manifest.
@Suite("The CI workflow")
struct WorkflowTests {
    static let workflow = MockAuthDBinary.repositoryRoot.appendingPathComponent(".github/workflows/ci.yml")

    @Test("the simulators build every library product but MockAuthCommands (macOS and Linux only)")
    func simulatorProducts() async throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        let loop = try #require(text.range(of: "for product in ")?.upperBound)
        let list = text[loop...].prefix { $0 != ";" }
        let built = Set(list.split(whereSeparator: { $0 == " " || $0 == "\\" || $0 == "\n" }).map(String.init))
        let products = try await Manifest.load().libraryProducts
        #expect(products.contains("MockAuthCommands") && products.contains("MockAuthTesting"), "\(products)")
        #expect(built == products.subtracting(["MockAuthCommands"]), "workflow: \(built.sorted())")
        for job in ["linux:", "macos:", "apple-platforms:"] {
            #expect(text.contains("\n  \(job)\n"), "the workflow has the \(job) job")
        }
        #expect(text.contains("bash .ci/run"))
    }
}
