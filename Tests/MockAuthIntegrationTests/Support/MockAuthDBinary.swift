import Foundation
import MockAuthTestSupport

/// The `mockauthd` executable built next to the test bundle.
enum MockAuthDBinary {
    #if os(macOS)
        /// A class of this test bundle, so that `Bundle(for:)` finds the bundle (`….xctest`)
        /// whichever process loaded it (`xctest`, `swiftpm-testing-helper`, Xcode's runner).
        private final class BundleMarker {}
    #endif

    /// The directory `swift build` put the products in: the one holding the test bundle.
    static let productsDirectory: URL = {
        #if os(macOS)
            return Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
        #else
            let executable =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
            return URL(fileURLWithPath: executable).deletingLastPathComponent()
        #endif
    }()

    /// The path of `mockauthd`.
    static var path: String { productsDirectory.appendingPathComponent("mockauthd").path }

    /// The repository root (for the scenario catalog and fixtures).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Scenarios/` of the repository.
    static var scenarios: String { repositoryRoot.appendingPathComponent("Scenarios").path }

    /// Runs `mockauthd check SCENARIO -- bash -c SCRIPT` against the repository's catalog.
    static func check(_ scenario: String, _ script: String, extraArguments: [String] = []) async throws
        -> CommandResult
    {
        try await Shell.execute(
            [path, "check", scenario, "--scenarios", scenarios] + extraArguments + ["--", "/bin/bash", "-c", script],
            timeout: 90)
    }

    /// The connections to `server` in the transcript that `check --json` printed as `output`.
    static func connections(to server: String, inCheckJSON output: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let transcript = object?["transcript"] as? [String: Any]
        return (transcript?["connections"] as? [[String: Any]] ?? []).filter { $0["server"] as? String == server }
    }
}
