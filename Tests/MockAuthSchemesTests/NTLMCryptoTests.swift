import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

/// MS-NLMP §4.2 example values (as also used by Chromium's net/ntlm/ntlm_test_data.h).
enum MSNLMP {
    static let serverChallenge = hex("0123456789abcdef")
    static let clientChallenge = hex("aaaaaaaaaaaaaaaa")
    /// §4.2.4.1.3 "temp" (NTLMv2_CLIENT_CHALLENGE with Time 0 and AV pairs Domain/Server), followed by 4 zero bytes.
    static let temp = hex(
        """
        0101000000000000 0000000000000000 aaaaaaaaaaaaaaaa 00000000
        02000c0044006f006d00610069006e00 01000c00530065007200760065007200 00000000 00000000
        """)
}

@Suite struct NTLMCryptoTests {
    /// §4.2.2.1.2 NTOWFv1.
    @Test func ntHash() {
        #expect(hexOf(NTLMCrypto.ntHash(password: "Password")) == "a4f49c406510bdcab6824ee7c30fd852")
    }

    /// §4.2.4.1.1 NTOWFv2.
    @Test func ntowfv2() {
        let key = NTLMCrypto.ntowfv2(ntHash: NTLMCrypto.ntHash(password: "Password"), user: "User", domain: "Domain")
        #expect(hexOf(key) == "0c868a403bfd7a93a3001ef22ef02e3f")
        let lowercase = NTLMCrypto.ntowfv2(
            ntHash: NTLMCrypto.ntHash(password: "Password"), user: "user", domain: "Domain")
        #expect(lowercase == key)
    }

    /// §4.2.4.2.2 NTProofStr.
    @Test func ntProofString() {
        let key = NTLMCrypto.ntowfv2(ntHash: NTLMCrypto.ntHash(password: "Password"), user: "User", domain: "Domain")
        let proof = NTLMCrypto.ntProofString(ntowfv2: key, serverChallenge: MSNLMP.serverChallenge, blob: MSNLMP.temp)
        #expect(hexOf(proof) == "68cd0ab851e51c96aabc927bebef6a1c")
        #expect(hexOf(NTLMCrypto.hmacMD5(key: key, data: proof)) == "8de40ccadbc14a82f15cb0ad0de95ca3")
    }

    /// §4.2.2.2.1 NTLMv1 response.
    @Test func ntlmv1Response() {
        let response = NTLMCrypto.ntlmv1Response(
            ntHash: NTLMCrypto.ntHash(password: "Password"), challenge: MSNLMP.serverChallenge)
        #expect(hexOf(response) == "67c43011f30298a2ad35ece64f16331c44bdbed927841f94")
    }

    /// §4.2.3.2.2 NTLMv1 with extended session security.
    @Test func ntlmv1ExtendedResponse() {
        let response = NTLMCrypto.ntlmv1ExtendedResponse(
            ntHash: NTLMCrypto.ntHash(password: "Password"), serverChallenge: MSNLMP.serverChallenge,
            clientChallenge: MSNLMP.clientChallenge)
        #expect(hexOf(response) == "7537f803ae367128ca458204bde7caf81e97ed2683267232")
    }

    @Test func uppercasingKeepsMultiScalarMappings() {
        #expect(NTLMStrings.uppercased("straße") == "STRAßE")
        #expect(NTLMStrings.uppercased("jäsøn") == "JÄSØN")
    }
}
