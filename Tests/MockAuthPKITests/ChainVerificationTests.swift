import COpenSSLCrossCheck
import MockAuthVocabulary
import Testing

@testable import MockAuthPKI

/// The generated chains, as served, verified by OpenSSL's X509_verify_cert against the harness root
/// at the PKI's reference time: the valid chain verifies, and each broken profile fails for its reason.
@Suite("Generated chains verified by X509_verify_cert", .enabled(if: OpenSSLCrossCheck.isAvailable))
struct ChainVerificationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var profile: TLSProfile
        var key: KeyAlgorithm = .p256
        var code: Int32
        var testDescription: String { "\(profile) (\(key.rawValue)) → \(code)" }
    }

    static let cases: [Case] = [
        Case(profile: .valid, code: CROSSCHECK_X509_V_OK),
        Case(profile: .valid, key: .rsa2048, code: CROSSCHECK_X509_V_OK),
        Case(profile: .clientCertificateRequired, code: CROSSCHECK_X509_V_OK),
        Case(profile: .pinReissued, code: CROSSCHECK_X509_V_OK),
        Case(profile: .expired, code: CROSSCHECK_X509_V_ERR_CERT_HAS_EXPIRED),
        Case(profile: .expired, key: .rsa2048, code: CROSSCHECK_X509_V_ERR_CERT_HAS_EXPIRED),
        Case(profile: .notYetValid, code: CROSSCHECK_X509_V_ERR_CERT_NOT_YET_VALID),
        Case(profile: .selfSigned, code: CROSSCHECK_X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT),
        Case(profile: .untrustedRoot, code: CROSSCHECK_X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY),
        Case(profile: .incompleteChain, code: CROSSCHECK_X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY),
    ]

    @Test(arguments: cases)
    func servedChain(_ testCase: Case) throws {
        let pki = HarnessPKITests.pki
        let credentials = try pki.serverCredentials(for: testCase.profile, key: testCase.key, hostName: "127.0.0.1")
        let result = OpenSSLCrossCheck.verify(
            leaf: credentials.leaf.derBytes, intermediates: credentials.chain.dropFirst().map(\.derBytes),
            anchor: pki.root.derBytes, at: pki.now)
        #expect(result.code == testCase.code, "\(result.message)")
    }

    @Test("the client identity verifies against the client CA, and not against the server root")
    func clientIdentity() {
        let pki = HarnessPKITests.pki
        let trusted = OpenSSLCrossCheck.verify(
            leaf: pki.clientIdentity.derBytes, intermediates: [], anchor: pki.clientCA.derBytes, at: pki.now)
        #expect(trusted.code == CROSSCHECK_X509_V_OK, "\(trusted.message)")
        let untrusted = OpenSSLCrossCheck.verify(
            leaf: pki.clientIdentity.derBytes, intermediates: [], anchor: pki.root.derBytes, at: pki.now)
        #expect(untrusted.code == CROSSCHECK_X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, "\(untrusted.message)")
    }
}
