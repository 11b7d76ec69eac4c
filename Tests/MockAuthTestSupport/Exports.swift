// What every test target shares that starts no process (teardown, hex, a seeded generator) lives in
// MockAuthPortableTestSupport, which the Apple tests use on the simulators; the targets that run
// tools get it with this module.
@_exported import MockAuthPortableTestSupport
