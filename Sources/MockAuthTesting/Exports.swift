// `import MockAuthTesting` brings the framework-neutral clients and runner (and through them every
// layer of MockAuth) and the XCTest and Swift Testing assertions, which live in
// MockAuthRemoteTesting so that a UI-test bundle can have them without SwiftNIO.
@_exported import MockAuthClients
@_exported import MockAuthRemoteTesting
