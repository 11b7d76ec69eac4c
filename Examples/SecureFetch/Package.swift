// swift-tools-version: 6.2
import PackageDescription

/// SecureFetch: a small HTTPS client on AsyncHTTPClient, tested the way a MockAuth user would test
/// one: its trust policy, client identity, authentication, redirects and proxy are judged by
/// MockAuth's scenarios from the server side.
let package = Package(
    name: "SecureFetch",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SecureFetch", targets: ["SecureFetch"])
    ],
    dependencies: [
        // MockAuth itself, two folders up; a project of your own would use the repository URL.
        .package(name: "MockAuth", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        .target(
            name: "SecureFetch",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(
            name: "SecureFetchTests",
            dependencies: [
                "SecureFetch",
                .product(name: "MockAuthTesting", package: "MockAuth"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
