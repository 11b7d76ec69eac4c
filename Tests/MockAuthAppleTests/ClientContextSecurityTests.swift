#if canImport(Security)
    import Foundation
    import MockAuthPortableTestSupport
    import MockAuthTesting
    import Security
    import Testing

    /// What a ``ClientContext`` (and a ``ScenarioRun``) hands the Security framework: every anchor
    /// the scenario gives, and every identity it gives, imported in memory, in order.
    @Suite("ClientContext on Apple platforms: anchors and identities as Security objects")
    struct ClientContextSecurityTests {
        @Test("tls-cross-signed: both roots as SecCertificate, the harness root first")
        func bothAnchors() async throws {
            let scenario = try ScenarioCatalog.bundled.load("tls-cross-signed")
            try await withTeardown { teardown in
                let run = try await ScenarioRun.start(scenario)
                teardown.add { await run.shutdown() }
                let anchors = try ClientContext(run).trustAnchorCertificates()
                #expect(anchors.map(derBytes(of:)) == [run.pki.root.derBytes, run.pki.expiredRoot.derBytes])
                #expect(try run.trustAnchorCertificates().map(derBytes(of:)) == anchors.map(derBytes(of:)))
            }
        }

        @Test("tls-client-cert-selection: both identities imported, in order; CA 2's name picks the second")
        func bothIdentities() async throws {
            let scenario = try ScenarioCatalog.bundled.load("tls-client-cert-selection")
            try await withTeardown { teardown in
                let run = try await ScenarioRun.start(scenario)
                teardown.add { await run.shutdown() }
                let context = ClientContext(run)
                let identities = try context.importedIdentities()
                #expect(identities.count == 2)
                #expect(
                    identities.map { imported in imported.flatMap { certificateDER(of: $0.identity) } } == [
                        run.pki.clientIdentity.derBytes, run.pki.clientIdentity2.derBytes,
                    ])
                // What the delegate does with a request that names only MockAuth Client CA 2.
                #expect(context.identityIndex(forAuthorities: [run.pki.clientIdentity2.issuerNameDER]) == 1)
                #expect(context.identityIndex(forAuthorities: [run.pki.clientIdentity.issuerNameDER]) == 0)
                #expect(context.identityIndex(forAuthorities: [run.pki.root.issuerNameDER]) == nil)
                // The first identity alone, as importedIdentity() and ScenarioRun.clientIdentity() give it.
                let first = try #require(try context.importedIdentity())
                #expect(certificateDER(of: first.identity) == run.pki.clientIdentity.derBytes)
                #expect(certificateDER(of: try run.clientIdentity().identity) == run.pki.clientIdentity.derBytes)
            }
        }

        @Test("tls-valid gives no identity: nothing is imported")
        func noIdentity() async throws {
            let scenario = try ScenarioCatalog.bundled.load("tls-valid")
            try await withTeardown { teardown in
                let run = try await ScenarioRun.start(scenario)
                teardown.add { await run.shutdown() }
                let context = ClientContext(run)
                #expect(try context.importedIdentities().isEmpty)
                #expect(try context.importedIdentity() == nil)
                #expect(try context.trustAnchorCertificates().count == 1)
            }
        }
    }
#endif
