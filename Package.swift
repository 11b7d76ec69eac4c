// swift-tools-version: 6.2
import PackageDescription

/// Settings every MockAuth target shares: Swift 6 language mode (strict concurrency) comes with the
/// tools version; `ExistentialAny` makes every existential spelled out.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "MockAuth",
    platforms: [.macOS(.v15), .iOS(.v18), .macCatalyst(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "MockAuth", targets: ["MockAuth"]),
        .library(name: "MockAuthClients", targets: ["MockAuthClients"]),
        // macOS and Linux only: clients run as processes (swift-subprocess requires iOS 99).
        .library(name: "MockAuthCommands", targets: ["MockAuthCommands"]),
        .library(name: "MockAuthTesting", targets: ["MockAuthTesting"]),
        .library(name: "MockAuthAsyncHTTPClient", targets: ["MockAuthAsyncHTTPClient"]),
        .library(name: "MockAuthRemote", targets: ["MockAuthRemote"]),
        .library(name: "MockAuthRemoteTesting", targets: ["MockAuthRemoteTesting"]),
        .library(name: "MockAuthControl", targets: ["MockAuthControl"]),
        .executable(name: "mockauthd", targets: ["mockauthd"]),
        // The reference adapter command of `make conformance` (URLSession, AsyncHTTPClient); a product
        // so that Benchmarks/ can build it in release beside mockauthd.
        .executable(name: "mockauth-adapter", targets: ["mockauth-adapter"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        // SOCKS5 proxies (RFC 1928): the server-side handshake and message types, in MockAuthServer only.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // Starting and supervising processes (client commands, the tests' tools): MockAuthCommands only.
        // It declares macOS 13 and iOS "99.0" (so no iOS release and no Mac Catalyst), and no tvOS,
        // watchOS or visionOS version at all: nothing built for those platforms may reach it.
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        // The AsyncHTTPClient adapter (its own product) and the in-process tests.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        // MARK: Pure layers (no NIO)
        .target(
            name: "MockAuthVocabulary",
            swiftSettings: strictSettings
        ),
        .target(
            name: "MockAuthTranscript",
            dependencies: ["MockAuthVocabulary"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "MockAuthScenario",
            dependencies: [
                "MockAuthVocabulary", "MockAuthSchemes", "MockAuthTranscript", "MockAuthVerdict",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "MockAuthCrypto",
            swiftSettings: strictSettings
        ),
        .target(
            name: "MockAuthSchemes",
            dependencies: [
                "MockAuthVocabulary", "MockAuthCrypto",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        // What a client is given, as one value with its environment and JSON forms: what the
        // in-process faces and the remote face (Foundation only) both build on.
        .target(
            name: "MockAuthMaterial",
            dependencies: ["MockAuthVocabulary"],
            swiftSettings: strictSettings
        ),
        // The judge's answer, apart from the judge: what the remote face decodes.
        .target(
            name: "MockAuthVerdict",
            dependencies: ["MockAuthVocabulary"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "MockAuthJudge",
            dependencies: ["MockAuthScenario", "MockAuthTranscript", "MockAuthVerdict", "MockAuthVocabulary"],
            swiftSettings: strictSettings
        ),
        // MARK: PKI
        .target(
            name: "MockAuthPKI",
            dependencies: [
                "MockAuthCrypto", "MockAuthVocabulary",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: strictSettings
        ),
        // MARK: Server
        .target(
            name: "MockAuthServer",
            dependencies: [
                "MockAuthScenario", "MockAuthTranscript", "MockAuthPKI", "MockAuthSchemes", "MockAuthVocabulary",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSOCKS", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // MARK: Faces
        .executableTarget(
            name: "mockauth-embed-scenarios",
            swiftSettings: strictSettings
        ),
        .plugin(
            name: "EmbedScenarios",
            capability: .buildTool(),
            dependencies: ["mockauth-embed-scenarios"]
        ),
        .target(
            name: "MockAuthCatalog",
            swiftSettings: strictSettings,
            plugins: ["EmbedScenarios"]
        ),
        .target(
            name: "MockAuth",
            dependencies: [
                "MockAuthScenario", "MockAuthSchemes", "MockAuthTranscript", "MockAuthJudge", "MockAuthPKI",
                "MockAuthServer", "MockAuthCatalog", "MockAuthMaterial", "MockAuthVerdict", "MockAuthVocabulary",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // Framework-neutral clients and the one runner: no XCTest, no Testing.
        .target(
            name: "MockAuthClients",
            dependencies: ["MockAuth", "MockAuthPKI"],
            swiftSettings: strictSettings
        ),
        // Clients run as processes, and the supervised runner every process of the repository starts
        // under. swift-subprocess requires iOS 99 (no iOS release, no Mac Catalyst) and is built for
        // no tvOS, watchOS or visionOS, so nothing those platforms build may depend on this target:
        // only mockauthd, the benchmarks and the tests that run tools do (not MockAuthAppleTests).
        .target(
            name: "MockAuthCommands",
            dependencies: [
                "MockAuth", "MockAuthClients", .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            swiftSettings: strictSettings
        ),
        // The remote face: the control API's contract and a Foundation-only client of it (no NIO,
        // no Yams), for UI-test bundles and apps.
        .target(
            name: "MockAuthRemote",
            dependencies: ["MockAuthVerdict", "MockAuthTranscript", "MockAuthMaterial", "MockAuthVocabulary"],
            swiftSettings: strictSettings
        ),
        // The control API `mockauthd serve` answers: runs begun, judged and ended over HTTP.
        .target(
            name: "MockAuthControl",
            dependencies: [
                "MockAuth", "MockAuthRemote", "MockAuthServer", "MockAuthVocabulary",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The XCTest and Swift Testing assertions on verdicts and remote runs: Foundation only, for
        // UI-test bundles.
        .target(
            name: "MockAuthRemoteTesting",
            dependencies: ["MockAuthRemote"],
            swiftSettings: strictSettings
        ),
        // What in-process tests import: the clients and runner, and the assertions.
        .target(
            name: "MockAuthTesting",
            dependencies: ["MockAuthClients", "MockAuthRemoteTesting"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "MockAuthAsyncHTTPClient",
            dependencies: [
                "MockAuthClients",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "MockAuthConformance",
            dependencies: ["MockAuth", "MockAuthScenario", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "mockauth-adapter",
            dependencies: ["MockAuthClients", "MockAuthAsyncHTTPClient"],
            swiftSettings: strictSettings
        ),
        // The commit `make dist` builds from (`mockauthd --version`); a C target because a compiler
        // definition can carry a string only there.
        .target(name: "MockAuthBuildInfo"),
        // The GSS-API calls of a Kerberos acceptor, loaded at run time with dlopen (RFC 2744's C
        // types declared here): building needs no Kerberos headers, and nothing links a Kerberos library.
        // (dlopen is libc's own on macOS and on glibc 2.34 and later: nothing to link.)
        .target(name: "MockAuthGSSAPI"),
        // Kerberos realms for scenarios that verify tickets: MIT Kerberos's KDC run under the
        // supervised runner, and GSS-API acceptors. macOS and Linux only (it starts processes):
        // mockauthd and the tests depend on it, no product does, so iOS builds never reach it.
        .target(
            name: "MockAuthKerberos",
            dependencies: [
                "MockAuth", "MockAuthCommands", "MockAuthGSSAPI", "MockAuthScenario", "MockAuthSchemes",
                "MockAuthVocabulary",
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "mockauthd",
            dependencies: [
                "MockAuth", "MockAuthClients", "MockAuthCommands", "MockAuthConformance", "MockAuthControl",
                "MockAuthBuildInfo", "MockAuthKerberos", "MockAuthPKI", "MockAuthScenario", "MockAuthVocabulary",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // MARK: Tests
        // Test-only: OpenSSL's own PKCS12_parse, PKCS12_key_gen and X509_verify_cert (the system
        // libcrypto, libssl-dev) cross-check what the library writes. Only test targets depend on it;
        // without OpenSSL's headers it builds as a stub and those tests are skipped.
        .target(
            name: "COpenSSLCrossCheck",
            path: "Tests/COpenSSLCrossCheck",
            linkerSettings: [.linkedLibrary("crypto", .when(platforms: [.linux]))]
        ),
        // Test-only, for every platform: what the test targets share that starts no process (a
        // teardown, hex, a deterministic generator).
        .target(
            name: "MockAuthPortableTestSupport",
            path: "Tests/MockAuthPortableTestSupport",
            swiftSettings: strictSettings
        ),
        // Test-only, macOS and Linux: the tools the tests run (real clients, checkers), and the above.
        .target(
            name: "MockAuthTestSupport",
            dependencies: [
                "MockAuthPortableTestSupport", "MockAuthCommands",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/MockAuthTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MockAuthCryptoTests",
            dependencies: ["MockAuthCrypto", "MockAuthTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MockAuthScenarioTests",
            dependencies: ["MockAuthScenario", "MockAuthVocabulary", "MockAuthTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MockAuthSchemesTests",
            dependencies: [
                "MockAuthSchemes", "MockAuthVocabulary", "MockAuthTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MockAuthPKITests",
            dependencies: [
                "MockAuthPKI", "MockAuthVocabulary", "COpenSSLCrossCheck", "MockAuthTestSupport",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSettings
        ),
        // The server's channel handlers on EmbeddedChannel: no sockets, no sleeps.
        .testTarget(
            name: "MockAuthServerTests",
            dependencies: [
                "MockAuthServer", "MockAuthScenario", "MockAuthSchemes", "MockAuthTranscript", "MockAuthVocabulary",
                "MockAuthPKI", "MockAuthJudge", "MockAuthTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSOCKS", package: "swift-nio-extras"),
            ],
            swiftSettings: strictSettings
        ),
        // The control API's handlers on NIOAsyncTestingChannel, its token and routes.
        .testTarget(
            name: "MockAuthControlTests",
            dependencies: [
                "MockAuth", "MockAuthControl", "MockAuthRemote", "MockAuthTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The framework-neutral clients: ClientContext and the client material, on every platform
        // the tests run on.
        .testTarget(
            name: "MockAuthClientsTests",
            dependencies: [
                "MockAuthTesting", "MockAuthMaterial", "MockAuthPKI", "MockAuthTestSupport", "MockAuthKerberos",
            ],
            swiftSettings: strictSettings
        ),
        // The Apple tests (Security material, server trust, URLSession and its challenge answerer,
        // its proxies and cookies, withScenario and the remote face with URLSession), each resting on
        // an undocumented behaviour naming its AppleAssumption. Its whole dependency closure builds
        // for iOS, tvOS, watchOS and visionOS (no MockAuthCommands, no swift-subprocess, nothing that
        // starts a process: a test keeps it so), so `xcodebuild test` runs it on the simulators
        // (scheme .swiftpm/xcode/xcshareddata/xcschemes/MockAuthAppleTests.xcscheme). On Linux only
        // the assumption list and its check against docs/platforms.md are compiled.
        .testTarget(
            name: "MockAuthAppleTests",
            dependencies: [
                "MockAuthTesting", "MockAuthControl", "MockAuthPortableTestSupport", "MockAuthScenario",
                "MockAuthVocabulary",
            ],
            swiftSettings: strictSettings
        ),
        // Each library product as a user's file sees it: a file per product that imports it alone,
        // compiled with MemberImportVisibility (a member only from a module the file imports), so
        // that a type a product does not re-export, or a member that does not come with one, fails
        // the build here.
        .testTarget(
            name: "MockAuthFacesTests",
            dependencies: ["MockAuth", "MockAuthTesting", "MockAuthRemote", "MockAuthRemoteTesting"],
            swiftSettings: strictSettings + [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // The supervised runner against real processes (sh, sleep): groups, timeouts, leftovers.
        .testTarget(
            name: "MockAuthCommandsTests",
            dependencies: ["MockAuthCommands", "MockAuthTestSupport"],
            swiftSettings: strictSettings
        ),
        // The client contract as a value: its environment and JSON forms, on values alone.
        .testTarget(
            name: "MockAuthMaterialTests",
            dependencies: ["MockAuthMaterial", "MockAuthVocabulary"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MockAuthJudgeTests",
            dependencies: [
                "MockAuthJudge", "MockAuthScenario", "MockAuthTranscript", "MockAuthVerdict", "MockAuthVocabulary",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MockAuthIntegrationTests",
            dependencies: [
                "MockAuth", "MockAuthClients", "MockAuthTesting", "MockAuthCommands", "MockAuthAsyncHTTPClient",
                "MockAuthConformance", "MockAuthControl", "MockAuthRemote", "MockAuthTranscript", "mockauthd",
                "MockAuthServer", "MockAuthScenario", "MockAuthVocabulary", "MockAuthTestSupport", "MockAuthKerberos",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)

// `make fuzz` (MOCKAUTH_FUZZ=1): one libFuzzer binary over the parsers that read client input and
// scenario files, built with `--sanitize=fuzzer --sanitize=address`. Not part of a normal build: it has no
// `main` without libFuzzer.
if Context.environment["MOCKAUTH_FUZZ"] == "1" {
    // A fuzzer build compiles every executable as a library (libFuzzer brings `main`), so the
    // EmbedScenarios tool cannot build there; nothing the fuzzer links needs the catalog it embeds.
    for target in package.targets where target.name == "MockAuthCatalog" { target.plugins = [] }
    package.targets.append(
        .executableTarget(
            name: "MockAuthFuzz",
            dependencies: [
                "MockAuthSchemes", "MockAuthScenario", "MockAuthServer", "MockAuthVocabulary",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Fuzz/MockAuthFuzz",
            swiftSettings: strictSettings + [.unsafeFlags(["-parse-as-library"])]
        ))
}
