// swift-tools-version: 6.2
// MockAuth's benchmarks: their own package, so that users of the library never build them.
// `make bench` (in the repository root) builds this package and mockauthd in release and runs them.
import Foundation
import PackageDescription

/// The main package's identity is the name of the directory it is checked out in.
let mockAuth = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent

let package = Package(
    name: "MockAuthBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        .executableTarget(
            name: "mockauth-bench",
            dependencies: [
                .product(name: "MockAuth", package: mockAuth),
                .product(name: "MockAuthCommands", package: mockAuth),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Sources/MockAuthBench",
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
