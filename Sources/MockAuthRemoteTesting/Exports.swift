// `import MockAuthRemoteTesting` brings the remote face (MockAuthRemote, Foundation only) and the
// XCTest and Swift Testing assertions on verdicts and remote runs: what a UI-test bundle or an app's
// test target needs, without SwiftNIO. MockAuthTesting re-exports it for in-process tests.
@_exported import MockAuthRemote
