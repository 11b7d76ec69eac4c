import MockAuthTestSupport
import Testing

@testable import MockAuthCrypto

@Suite struct TripleDESTests {
    /// NIST SP 800-67 Rev. 1, appendix B: K1 ‖ K2 ‖ K3 and "The qufck brown fox jump".
    static let nistKey = hex("0123456789ABCDEF 23456789ABCDEF01 456789ABCDEF0123")
    static let nistPlaintext = Array("The qufck brown fox jump".utf8)
    static let nistCiphertext = "a826fd8ce53b855fcce21c8112256fe668d5c05dd9b6b900"

    @Test("the SP 800-67 example, block by block (CBC of a single block with a zero IV is ECB)")
    func nistExample() throws {
        let cipher = try TripleDES(key: Self.nistKey)
        let zero = [UInt8](repeating: 0, count: 8)
        var ciphertext: [UInt8] = []
        for start in stride(from: 0, to: Self.nistPlaintext.count, by: 8) {
            let block = Array(Self.nistPlaintext[start..<(start + 8)])
            ciphertext += try cipher.encryptCBC(block, iv: zero).prefix(8)
        }
        #expect(hexOf(ciphertext) == Self.nistCiphertext)
    }

    @Test("CBC with PKCS#7 padding matches openssl enc -des-ede3-cbc for every length up to three blocks")
    func matchesOpenSSL() async throws {
        let key = hex("8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5")
        let iv = hex("f69f2445df4f9b17")
        let cipher = try TripleDES(key: key)
        for length in 0...24 {
            let plaintext = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let reference = try await openssl(
                ["enc", "-des-ede3-cbc", "-K", hexOf(key), "-iv", hexOf(iv), "-nosalt"], input: plaintext)
            #expect(reference.status == 0)
            let ciphertext = try cipher.encryptCBC(plaintext, iv: iv)
            #expect(ciphertext.count == (length / 8 + 1) * 8)
            #expect(hexOf(ciphertext) == hexOf(reference.output), "length \(length)")
            #expect(try cipher.decryptCBC(reference.output, iv: iv) == plaintext, "length \(length)")
        }
    }

    @Test("bad lengths and padding are errors, not traps")
    func refusals() throws {
        #expect(throws: TripleDES.Error.keyLength(16)) { try TripleDES(key: hex("00112233445566778899aabbccddeeff")) }
        let cipher = try TripleDES(key: Self.nistKey)
        #expect(throws: TripleDES.Error.ivLength(7)) { try cipher.encryptCBC([1], iv: [0, 0, 0, 0, 0, 0, 0]) }
        let iv = [UInt8](repeating: 0, count: 8)
        #expect(throws: TripleDES.Error.ciphertextLength(0)) { try cipher.decryptCBC([], iv: iv) }
        #expect(throws: TripleDES.Error.ciphertextLength(9)) {
            try cipher.decryptCBC(Array(repeating: 0, count: 9), iv: iv)
        }
        // The NIST example's last block, chained to the block before it, decrypts to "fox jump": no padding.
        let blocks = hex(Self.nistCiphertext)
        #expect(throws: TripleDES.Error.badPadding) {
            try cipher.decryptCBC(Array(blocks[16..<24]), iv: Array(blocks[8..<16]))
        }
    }
}
