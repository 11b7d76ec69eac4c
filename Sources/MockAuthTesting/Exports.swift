// `import MockAuthTesting` brings the framework-neutral clients and runner (and through them every
// layer of MockAuth); this module adds only the XCTest and Swift Testing faces.
@_exported import MockAuthClients
// The remote face (runs begun through `mockauthd serve`'s control API) comes with the assertions on it.
@_exported import MockAuthRemote
