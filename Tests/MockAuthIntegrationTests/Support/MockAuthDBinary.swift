import Foundation

/// The `mockauthd` executable built next to the test bundle.
enum MockAuthDBinary {
    /// The directory `swift build` put the products in.
    static let productsDirectory: URL = {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            return Bundle.main.bundleURL
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
    static func check(_ scenario: String, _ script: String, extraArguments: [String] = []) throws -> CommandResult {
        try Shell.execute(
            [path, "check", scenario, "--scenarios", scenarios] + extraArguments + ["--", "/bin/bash", "-c", script],
            timeout: 90)
    }
}
