import Foundation
import MockAuthTestSupport
import MockAuthTesting
import Testing

/// How the in-process clients choose a client identity for a certificate request: by the CAs it
/// names, as the URLSession delegate does on Apple platforms with `distinguishedNames`.
@Suite("Choosing a client identity by the CAs a certificate request names")
struct IdentitySelectionTests {
    static let catalog = ScenarioCatalog.directory(MockAuthDBinary.scenarios)

    @Test("the identity whose issuer is named; the first when none is named; none when only others are")
    func choice() async throws {
        let scenario = try Self.catalog.load("tls-client-cert-selection")
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let context = ClientContext(run)
            let first = run.pki.clientIdentity.issuerNameDER
            let second = run.pki.clientIdentity2.issuerNameDER
            #expect(!first.isEmpty && first != second)
            #expect(context.heldIdentities.count == 2)
            #expect(context.identity(forAuthorities: [second])?.certificatePEM == run.pki.clientIdentity2.pem)
            #expect(context.identity(forAuthorities: [first])?.certificatePEM == run.pki.clientIdentity.pem)
            #expect(context.identity(forAuthorities: [])?.certificatePEM == run.pki.clientIdentity.pem)
            #expect(context.identity(forAuthorities: [run.pki.root.issuerNameDER]) == nil)

            // The same choice from the environment a command adapter reads.
            let fromEnvironment = try ClientContext(environment: run.environment)
            #expect(fromEnvironment.identityIndex(forAuthorities: [second]) == 1)
            #expect(fromEnvironment.identityIndex(forAuthorities: [first]) == 0)
        }
    }

    @Test("a scenario with one identity holds one")
    func single() async throws {
        let scenario = try Self.catalog.load("tls-client-cert-unrequested")
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let context = ClientContext(run)
            #expect(context.heldIdentities.count == 1)
            // The server names only Client CA 2: a careful client sends nothing.
            #expect(context.identity(forAuthorities: [run.pki.clientIdentity2.issuerNameDER]) == nil)
        }
    }
}
