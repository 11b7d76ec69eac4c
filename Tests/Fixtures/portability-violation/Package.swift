// swift-tools-version: 6.0
// A package with planted portability violations, for the test of scripts/check-portability.
import PackageDescription

let package = Package(
    name: "PortabilityViolation",
    dependencies: [.package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0")],
    targets: [
        .target(
            name: "Leaky", dependencies: [.product(name: "NIOCore", package: "swift-nio")],
            linkerSettings: [.linkedLibrary("crypto")]),
        // Must need Foundation only, but reaches SwiftNIO through Leaky.
        .target(name: "MockAuthRemote", dependencies: ["Leaky"]),
        .executableTarget(name: "Tool"),
    ]
)
