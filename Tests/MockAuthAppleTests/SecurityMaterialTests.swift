#if canImport(Security)
    import Foundation
    import MockAuthTesting
    import MockAuthVocabulary
    import Security
    import Testing

    /// The harness's PKCS#12 and DER as the Security framework reads them: `SecPKCS12Import` in
    /// memory, `SecCertificateCreateWithData`, and the credential a client-certificate challenge takes.
    @Suite("SecurityMaterial: the harness's identity and certificates in the Security framework")
    struct SecurityMaterialTests {
        @Test("imports the client identity from the legacy encoding (3DES bags, HMAC-SHA1 MAC)")
        func importsLegacyEncoding() throws {
            let pki = try HarnessPKI.shared()
            let imported = try SecurityMaterial.importIdentity(
                pkcs12: pki.clientPKCS12(.legacy), passphrase: pki.clientPKCS12Passphrase)
            #expect(certificateDER(of: imported.identity) == pki.clientIdentity.derBytes)
            #expect(imported.certificateChain.map(derBytes(of:)).contains(pki.clientCA.derBytes))
        }

        @Test("imports the client identity from the PBES2 encoding (PBKDF2-HMAC-SHA256, AES-256-CBC)")
        func importsPBES2Encoding() async throws {
            let pki = try HarnessPKI.shared()
            await AppleAssumption.pkcs12ImportsPBES2.check {
                let imported = try SecurityMaterial.importIdentity(
                    pkcs12: pki.clientPKCS12(.pbes2), passphrase: pki.clientPKCS12Passphrase)
                let leaf = certificateDER(of: imported.identity) == pki.clientIdentity.derBytes
                return AssumptionObservation(
                    held: leaf, evidence: "imported; its identity's certificate is the client leaf: \(leaf)")
            }
        }

        @Test(
            "the chain starts with the identity's certificate, and the credential sends the rest",
            arguments: PKCS12Encoding.allCases)
        func credentialSendsTheChainWithoutTheLeaf(_ encoding: PKCS12Encoding) async throws {
            let pki = try HarnessPKI.shared()
            // The import inside the check: a PBES2 bundle the system cannot read leaves this
            // assumption not judged, rather than failed (pkcs12-imports-pbes2 says why).
            await AppleAssumption.pkcs12ChainStartsWithLeaf.check {
                let imported = try SecurityMaterial.importIdentity(
                    pkcs12: pki.clientPKCS12(encoding), passphrase: pki.clientPKCS12Passphrase)
                let first = imported.certificateChain.first.map(derBytes(of:))
                return AssumptionObservation(
                    held: first == pki.clientIdentity.derBytes,
                    evidence:
                        "\(imported.certificateChain.count) certificates; the first is the leaf: \(first == pki.clientIdentity.derBytes)"
                )
            }
            let imported = try SecurityMaterial.importIdentity(
                pkcs12: pki.clientPKCS12(encoding), passphrase: pki.clientPKCS12Passphrase)
            let credential = imported.credential()
            let identity = try #require(credential.identity)
            #expect(certificateDER(of: identity) == pki.clientIdentity.derBytes)
            #expect(credential.certificates.count == imported.certificateChain.count - 1)
        }

        @Test("refuses a wrong passphrase", arguments: PKCS12Encoding.allCases)
        func refusesWrongPassphrase(_ encoding: PKCS12Encoding) async throws {
            let pki = try HarnessPKI.shared()
            let error = #expect(throws: SecurityMaterialError.self) {
                try SecurityMaterial.importIdentity(
                    pkcs12: pki.clientPKCS12(encoding), passphrase: "not-" + pki.clientPKCS12Passphrase)
            }
            await AppleAssumption.pkcs12WrongPassphraseIsAuthFailed.check {
                AssumptionObservation(
                    held: error?.status == errSecAuthFailed, evidence: "the error: \(String(describing: error))")
            }
        }

        @Test("refuses bytes that are not PKCS#12")
        func refusesGarbagePKCS12() {
            let error = #expect(throws: SecurityMaterialError.self) {
                try SecurityMaterial.importIdentity(pkcs12: Array("not a PKCS#12 file".utf8), passphrase: "x")
            }
            #expect(error?.status != errSecSuccess)
            #expect(error?.description.hasPrefix("SecPKCS12Import failed: ") == true)
        }

        @Test("reads a DER certificate back to the same bytes")
        func readsCertificate() throws {
            let pki = try HarnessPKI.shared()
            let certificate = try SecurityMaterial.certificate(der: pki.root.derBytes)
            #expect(derBytes(of: certificate) == pki.root.derBytes)
        }

        /// Empty bytes, PEM armour, and a DER SEQUENCE that is no certificate.
        static let notCertificates: [[UInt8]] = [
            [], Array("-----BEGIN CERTIFICATE-----".utf8), [0x30, 0x03, 0x02, 0x01, 0x00],
        ]

        @Test("refuses bytes that are not a DER certificate with errSecDecode", arguments: notCertificates)
        func refusesGarbageCertificate(_ bytes: [UInt8]) {
            let error = #expect(throws: SecurityMaterialError.self) { try SecurityMaterial.certificate(der: bytes) }
            #expect(error?.status == errSecDecode)
        }
    }
#endif
