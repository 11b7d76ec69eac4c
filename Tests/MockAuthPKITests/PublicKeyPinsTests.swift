import Foundation
import MockAuthVocabulary
import Testing

@testable import MockAuthPKI

@Suite("Public-key pins")
struct PublicKeyPinsTests {
    static let pki = HarnessPKITests.pki

    func chain(_ profile: TLSProfile) throws -> [[UInt8]] {
        try Self.pki.serverCredentials(for: profile, key: .p256, hostName: "127.0.0.1").chain.map(\.derBytes)
    }

    @Test("the pinned key matches the chain that carries it, and no other")
    func matchesItsChain() throws {
        let pins = Self.pki.pinnedKey.pins
        #expect(pins.matches(certificateChain: try chain(.pinReissued)))
        #expect(!pins.matches(certificateChain: try chain(.pinMismatch)))
        #expect(!pins.matches(certificateChain: [[0x30, 0x03, 0x02, 0x01, 0x00]]), "garbage matches nothing")
    }

    @Test("a pin on the intermediate matches every chain the server sends with it")
    func intermediatePin() throws {
        let intermediate = Self.pki.intermediate.key.subjectPublicKeyInfoDER
        let pins = PublicKeyPins(subjectPublicKeyInfos: [intermediate])
        #expect(pins.matches(certificateChain: try chain(.pinMismatch)))
        #expect(!pins.matches(certificateChain: try chain(.incompleteChain)), "the leaf alone does not carry it")
    }

    @Test("curl's form round-trips, several pins separated by ';', and bad forms are refused")
    func curlForm() throws {
        let one = Self.pki.pinnedKey.pins
        #expect(one.curlForm.hasPrefix("sha256//") && one.curlForm.count == 8 + 44)
        #expect(PublicKeyPins(curlForm: one.curlForm) == one)
        let intermediate = PublicKeyPins(subjectPublicKeyInfos: [Self.pki.intermediate.key.subjectPublicKeyInfoDER])
        let both = try #require(PublicKeyPins(curlForm: one.curlForm + ";" + intermediate.curlForm))
        #expect(both.digests.count == 2 && both.base64 == one.base64 + intermediate.base64)
        #expect(PublicKeyPins(curlForm: "sha1//AAAA") == nil)
        #expect(PublicKeyPins(curlForm: "sha256//not-base64") == nil)
        #expect(PublicKeyPins(curlForm: "") == nil)
    }

    @Test("the digest is the SHA-256 of the SubjectPublicKeyInfo, as openssl computes it")
    func matchesOpenSSL() throws {
        let leaf = try #require(try chain(.pinReissued).first)
        let digest = try #require(PublicKeyPins.subjectPublicKeyInfoDigest(ofCertificate: leaf))
        #expect(Data(digest).base64EncodedString() == Self.pki.pinnedKey.pins.base64.first)
    }
}
