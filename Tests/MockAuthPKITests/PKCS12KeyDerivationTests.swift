import Crypto
import MockAuthTestSupport
import Testing

@testable import MockAuthPKI

@Suite("RFC 7292 appendix B.2 key derivation")
struct PKCS12KeyDerivationTests {
    typealias KeyDerivation = PKCS12.KeyDerivation

    @Test("the password is a BMPString with two trailing zero bytes")
    func bmpPassword() {
        #expect(KeyDerivation.bmpPassword("sesame") == [0, 0x73, 0, 0x65, 0, 0x73, 0, 0x61, 0, 0x6D, 0, 0x65, 0, 0])
        #expect(KeyDerivation.bmpPassword("") == [0, 0])
        #expect(KeyDerivation.bmpPassword("é€") == [0x00, 0xE9, 0x20, 0xAC, 0, 0])
    }

    /// golang.org/x/crypto/pkcs12, pbkdf_test.go (TestThatPBKDFWorksCorrectlyForLongKeys): the 24-byte
    /// 3DES key (ID 1, SHA-1) for "sesame", salt ff…ff, 2048 iterations; two SHA-1 blocks, so it
    /// exercises the I_j + B + 1 step.
    @Test("known answer: SHA-1 key, two output blocks (Go x/crypto/pkcs12)")
    func sha1KnownAnswer() {
        let key = KeyDerivation.derive(
            Insecure.SHA1.self, purpose: .encryptionKey, password: KeyDerivation.bmpPassword("sesame"),
            salt: hex("ffffffffffffffff"), iterations: 2048, byteCount: 24)
        #expect(hexOf(key) == "7cd9fd3e2b3be7691a44e3bef0f9ea0fb9b897d4e325d9d1")
    }

    /// CPAN Crypt-OpenSSL-PKCS-Func, t/base.t: the SHA-256 MAC key (ID 3) for "123456", salt
    /// e241f01650dbeae4, 2048 iterations, 32 bytes, as OpenSSL's PKCS12_key_gen computes it.
    @Test("known answer: SHA-256 MAC key (Crypt-OpenSSL-PKCS-Func)")
    func sha256KnownAnswer() {
        let key = KeyDerivation.derive(
            SHA256.self, purpose: .macKey, password: KeyDerivation.bmpPassword("123456"),
            salt: hex("e241f01650dbeae4"), iterations: 2048, byteCount: 32)
        #expect(hexOf(key) == "721259f14aad70b58839f71566b433da1b8ad08f650f4d02faaa0b9b095bb51d")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var password: String
        var salt: [UInt8]
        var purpose: PKCS12.KeyDerivation.Purpose
        var iterations: Int
        var byteCount: Int
        var sha256: Bool

        var testDescription: String {
            "\(sha256 ? "SHA-256" : "SHA-1") ID \(purpose.rawValue) '\(password)' salt \(salt.count) B, \(iterations)×, \(byteCount) B"
        }
    }

    static let cases: [Case] = [
        Case(
            password: "mockauth-abc123", salt: hex("0102030405060708"), purpose: .encryptionKey, iterations: 2048,
            byteCount: 24, sha256: false),
        Case(
            password: "mockauth-abc123", salt: hex("0102030405060708"), purpose: .initializationVector,
            iterations: 2048, byteCount: 8, sha256: false),
        Case(
            password: "mockauth-abc123", salt: hex("0102030405060708"), purpose: .macKey, iterations: 2048,
            byteCount: 20, sha256: false),
        Case(
            password: "mockauth-abc123", salt: hex("a1a2a3a4a5a6a7a8"), purpose: .macKey, iterations: 2048,
            byteCount: 32, sha256: true),
        // Long password and salt: several v-byte blocks of I, each incremented with a carry.
        Case(
            password: String(repeating: "long passphrase ", count: 9), salt: Array(repeating: 0xFF, count: 70),
            purpose: .encryptionKey, iterations: 3, byteCount: 100, sha256: false),
        Case(password: "", salt: [0], purpose: .encryptionKey, iterations: 1, byteCount: 64, sha256: true),
        Case(
            password: "päss wörd €", salt: hex("00ff00ff"), purpose: .initializationVector, iterations: 7,
            byteCount: 41, sha256: false),
    ]

    @Test("matches OpenSSL's PKCS12_key_gen_utf8", .enabled(if: OpenSSLCrossCheck.isAvailable), arguments: cases)
    func matchesOpenSSL(_ testCase: Case) throws {
        let reference = try #require(
            OpenSSLCrossCheck.pkcs12KeyGen(
                password: testCase.password, salt: testCase.salt, id: Int32(testCase.purpose.rawValue),
                iterations: Int32(testCase.iterations), digest: testCase.sha256 ? "SHA256" : "SHA1",
                count: testCase.byteCount))
        let password = KeyDerivation.bmpPassword(testCase.password)
        let derived =
            testCase.sha256
            ? KeyDerivation.derive(
                SHA256.self, purpose: testCase.purpose, password: password, salt: testCase.salt,
                iterations: testCase.iterations, byteCount: testCase.byteCount)
            : KeyDerivation.derive(
                Insecure.SHA1.self, purpose: testCase.purpose, password: password, salt: testCase.salt,
                iterations: testCase.iterations, byteCount: testCase.byteCount)
        #expect(hexOf(derived) == hexOf(reference))
    }
}
