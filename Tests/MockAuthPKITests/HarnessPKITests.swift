import Foundation
import MockAuthVocabulary
import SwiftASN1
import Testing
@_spi(FixedExpiryValidationTime) import X509

@testable import MockAuthPKI

@Suite("Harness PKI")
struct HarnessPKITests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let pki: HarnessPKI = {
        do { return try HarnessPKI(now: now) } catch { fatalError("cannot build the test PKI: \(error)") }
    }()

    func leaf(_ profile: TLSProfile, key: KeyAlgorithm = .p256) throws -> ServerCredentials {
        try Self.pki.serverCredentials(for: profile, key: key, hostName: "127.0.0.1")
    }

    @Test("a valid leaf satisfies Apple's rules for TLS server certificates", arguments: KeyAlgorithm.allCases)
    func validLeaf(key: KeyAlgorithm) throws {
        let credentials = try leaf(.valid, key: key)
        let certificate = credentials.leaf.certificate
        let names = try #require(try certificate.extensions.subjectAlternativeNames)
        #expect(names.contains(.dnsName("localhost")))
        #expect(names.contains(.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))))
        #expect(try certificate.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
        #expect(try certificate.extensions.basicConstraints == .notCertificateAuthority)
        #expect(
            certificate.signatureAlgorithm == .ecdsaWithSHA256
                || certificate.signatureAlgorithm == .sha256WithRSAEncryption)
        #expect(certificate.notValidBefore == Self.now.addingTimeInterval(-86_400))
        #expect(certificate.notValidAfter == Self.now.addingTimeInterval(30 * 86_400))
        #expect(certificate.notValidAfter.timeIntervalSince(certificate.notValidBefore) <= 825 * 86_400)
        #expect(credentials.chain.count == 2)
        #expect(credentials.chain[1] == Self.pki.intermediate.certificate)
        #expect(credentials.defect == nil)
        #expect(credentials.leaf.key.algorithm == key)
    }

    @Test("the chain verifies from leaf to the harness root")
    func chainVerifies() async throws {
        let credentials = try leaf(.valid)
        var verifier = Verifier(rootCertificates: CertificateStore([Self.pki.root.certificate])) {
            RFC5280Policy(fixedExpiryValidationTime: Self.now)
        }
        let result = await verifier.validate(
            leaf: credentials.leaf.certificate, intermediates: CertificateStore([Self.pki.intermediate.certificate]))
        guard case .validCertificate = result else {
            Issue.record("the valid chain does not verify: \(result)")
            return
        }
    }

    @Test("each bad profile changes exactly the property it is named for")
    func profilesBreakOneProperty() throws {
        let valid = try leaf(.valid).leaf.certificate
        let expired = try leaf(.expired)
        #expect(expired.leaf.certificate.notValidAfter == Self.now.addingTimeInterval(-2 * 86_400))
        #expect(
            try expired.leaf.certificate.extensions.subjectAlternativeNames == valid.extensions.subjectAlternativeNames)
        #expect(expired.defect == "a certificate that expired 2 days ago")

        let future = try leaf(.notYetValid).leaf.certificate
        #expect(future.notValidBefore == Self.now.addingTimeInterval(2 * 86_400))

        let wrongHost = try leaf(.wrongHost).leaf.certificate
        #expect(
            try wrongHost.extensions.subjectAlternativeNames
                == SubjectAlternativeNames([.dnsName(HarnessPKI.wrongHostName)]))
        #expect(wrongHost.notValidAfter == valid.notValidAfter)

        let selfSigned = try leaf(.selfSigned)
        #expect(selfSigned.leaf.certificate.issuer == selfSigned.leaf.certificate.subject)
        #expect(selfSigned.chain.count == 1)

        let untrusted = try leaf(.untrustedRoot)
        #expect(untrusted.leaf.certificate.issuer == Self.pki.untrustedIntermediate.certificate.subject)
        #expect(untrusted.chain.count == 2)

        let incomplete = try leaf(.incompleteChain)
        #expect(incomplete.chain.count == 1)
        #expect(incomplete.leaf.certificate.issuer == Self.pki.intermediate.certificate.subject)

        let missingSAN = try leaf(.missingSAN).leaf.certificate
        #expect(try missingSAN.extensions.subjectAlternativeNames == nil)
        #expect(try missingSAN.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
    }

    @Test("pin-reissued presents the pinned key under a new certificate; pin-mismatch another key")
    func pins() throws {
        let reissued = try leaf(.pinReissued).leaf
        #expect(reissued.key.pinSHA256 == Self.pki.pinnedKey.pinSHA256)
        #expect(reissued.certificate != Self.pki.pinnedOriginal.certificate)
        #expect(reissued.certificate.serialNumber != Self.pki.pinnedOriginal.certificate.serialNumber)
        #expect(try leaf(.pinMismatch).leaf.key.pinSHA256 != Self.pki.pinnedKey.pinSHA256)
        #expect(Self.pki.pinnedKey.pinSHA256.hasPrefix("sha256//"))
        #expect(Data(base64Encoded: String(Self.pki.pinnedKey.pinSHA256.dropFirst(8)))?.count == 32)
    }

    @Test("credentials are issued once per profile and cached")
    func caching() throws {
        #expect(try leaf(.expired).leaf.certificate == leaf(.expired).leaf.certificate)
        #expect(try leaf(.valid, key: .p256).leaf.certificate != leaf(.valid, key: .rsa2048).leaf.certificate)
    }

    @Test("the client identity is for client authentication, issued by the client CA")
    func clientIdentity() throws {
        let identity = Self.pki.clientIdentity.certificate
        #expect(identity.issuer == Self.pki.clientCA.certificate.subject)
        #expect(try identity.extensions.extendedKeyUsage?.contains(.clientAuth) == true)
        #expect(try leaf(.clientCertificateRequired).clientCertificateIssuer == Self.pki.clientCA.certificate)
    }

    @Test(
        "the second identity comes from the second client CA, which the selection, unrequested and rejected servers trust"
    )
    func secondClientIdentity() throws {
        let identity = Self.pki.clientIdentity2.certificate
        #expect(identity.issuer == Self.pki.clientCA2.certificate.subject)
        #expect(Self.pki.clientCA2.certificate.subject != Self.pki.clientCA.certificate.subject)
        #expect(try identity.extensions.extendedKeyUsage?.contains(.clientAuth) == true)
        let requests: [(TLSProfile, Certificate, Bool, Bool)] = [
            (.clientCertificateRequired, Self.pki.clientCA.certificate, true, true),
            (.clientCertificateOptional, Self.pki.clientCA.certificate, false, true),
            (.clientCertificateSelection, Self.pki.clientCA2.certificate, true, true),
            (.clientCertificateUnrequested, Self.pki.clientCA2.certificate, false, true),
            (.clientCertificateRejected, Self.pki.clientCA2.certificate, true, false),
        ]
        for (profile, trusted, required, names) in requests {
            #expect(
                try leaf(profile).clientCertificateRequest
                    == ClientCertificateRequest(trusted: trusted, required: required, namesTrustedCA: names),
                "\(profile)")
            #expect((profile.traits.clientCertificates?.mode == .required) == required, "\(profile)")
        }
        #expect(try leaf(.valid).clientCertificateRequest == nil)
    }
}
