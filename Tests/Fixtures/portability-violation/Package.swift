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
        // The macOS-and-Linux-only target, and a library target that reaches it (iOS would build it).
        .target(name: "MockAuthCommands"),
        .target(name: "Reaching", dependencies: ["MockAuthCommands"]),
        .executableTarget(name: "Tool"),
        .testTarget(name: "LeakyTests", dependencies: ["Leaky"]),
    ]
)
