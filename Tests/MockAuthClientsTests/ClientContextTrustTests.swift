import MockAuthPKI
import MockAuthTestSupport
import MockAuthTesting
import Testing

/// What a ``ClientContext`` trusts: every anchor the scenario gives, from a run and from the
/// environment of a command, in the same order.
@Suite("ClientContext: the trust anchors a scenario gives")
struct ClientContextTrustTests {
    @Test(
        "tls-cross-signed gives both roots; tls-valid and tls-untrusted-root the harness root alone",
        arguments: [("tls-cross-signed", 2), ("tls-valid", 1), ("tls-untrusted-root", 1)])
    func anchors(_ name: String, count: Int) async throws {
        let scenario = try ScenarioCatalog.bundled.load(name)
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let context = ClientContext(run)
            let anchorsPEM = try #require(run.material.caCertificatePEM)
            #expect(context.trustAnchorsDER == CertificatePEM.derEncodings(of: anchorsPEM))
            #expect(context.trustAnchorsDER.count == count)
            #expect(context.trustAnchorsDER.first == run.pki.root.derBytes)
            #expect(context.caCertificateDER == run.pki.root.derBytes)
            // The command adapters read the same anchors from MOCKAUTH_CA_FILE.
            let fromEnvironment = try ClientContext(environment: run.environment)
            #expect(fromEnvironment.trustAnchorsDER == context.trustAnchorsDER)
        }
    }
}
