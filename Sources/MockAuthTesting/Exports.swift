// `import MockAuthTesting` brings the framework-neutral clients and runner (and through them every
// layer of MockAuth); this module adds only the XCTest and Swift Testing faces.
@_exported import MockAuthClients
