import MockAuthTestSupport
import Testing

@testable import MockAuthCrypto

@Suite struct DESTests {
    /// The classic worked example (key 133457799BBCDFF1, plaintext 0123456789ABCDEF).
    @Test func knownAnswer() {
        #expect(
            hexOf(DES.encryptBlock(key: hex("133457799BBCDFF1"), block: hex("0123456789ABCDEF"))) == "85e813540f0ab405")
    }

    /// FIPS 81 / NBS validation: key 0123456789ABCDEF encrypting "Now is t".
    @Test func fips81Example() {
        #expect(
            hexOf(DES.encryptBlock(key: hex("0123456789abcdef"), block: hex("4e6f772069732074"))) == "3fa40e8a984d4815")
    }

    @Test func decryptionInvertsEncryption() {
        #expect(
            hexOf(DES.decryptBlock(key: hex("133457799BBCDFF1"), block: hex("85e813540f0ab405"))) == "0123456789abcdef")
        #expect(
            hexOf(DES.decryptBlock(key: hex("0123456789abcdef"), block: hex("3fa40e8a984d4815"))) == "4e6f772069732074")
    }

    @Test func keyExpansionSpreadsSevenBitGroups() {
        #expect(DES.expandKey(hex("ffffffffffffff")) == Array(repeating: 0xFE, count: 8))
        #expect(DES.expandKey(hex("00000000000000")) == Array(repeating: 0, count: 8))
        #expect(DES.expandKey(hex("80000000000001")) == [0x80, 0, 0, 0, 0, 0, 0, 0x02])
    }
}
