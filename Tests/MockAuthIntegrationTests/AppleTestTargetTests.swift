import MockAuthTestSupport
import Testing

/// The Apple tests run on the simulators only while nothing they depend on starts processes: the
/// layout the `apple-platforms` job relies on, kept from the manifest (`swift package dump-package`).
@Suite("MockAuthAppleTests builds for the simulators")
struct AppleTestTargetTests {
    /// The targets `name` depends on, directly or not, and the packages whose products they use.
    static func closure(of name: String, in manifest: Manifest) -> (targets: Set<String>, packages: Set<String>) {
        let byName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var targets: Set<String> = []
        var packages: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard targets.insert(next).inserted, let target = byName[next] else { continue }
            packages.formUnion(target.packages)
            pending += target.targets
        }
        return (targets, packages)
    }

    @Test("its dependency closure has no MockAuthCommands, no MockAuthTestSupport and no swift-subprocess")
    func noProcesses() async throws {
        let manifest = try await Manifest.load()
        let (targets, packages) = Self.closure(of: "MockAuthAppleTests", in: manifest)
        #expect(
            targets.isSuperset(of: ["MockAuthTesting", "MockAuthControl", "MockAuthPortableTestSupport"]), "\(targets)")
        #expect(!targets.contains("MockAuthCommands"), "\(targets.sorted())")
        #expect(!targets.contains("MockAuthTestSupport"), "\(targets.sorted())")
        #expect(!packages.contains("swift-subprocess"), "\(packages.sorted())")
        // The check can fail: the test-support target that runs tools does reach both.
        let tools = Self.closure(of: "MockAuthTestSupport", in: manifest)
        #expect(tools.targets.contains("MockAuthCommands") && tools.packages.contains("swift-subprocess"))
    }
}
