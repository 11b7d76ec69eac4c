// swift-tools-version: 6.0
// A package with planted portability violations, for the test of scripts/check-portability.
import PackageDescription

let package = Package(
    name: "PortabilityViolation",
    targets: [
        .target(name: "Leaky", linkerSettings: [.linkedLibrary("crypto")]),
        .executableTarget(name: "Tool"),
    ]
)
