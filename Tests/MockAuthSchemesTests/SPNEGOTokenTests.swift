import Foundation
import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

/// Real client tokens.
enum RealSPNEGO {
    /// A Windows NegTokenInit (NTLMSSP, MS-KRB5, KRB5, NEGOEX; NTLM type 1 from GLYCERINE in SAD), from the
    /// Waffle project's tests.
    static let windowsInit =
        "YHYGBisGAQUFAqBsMGqgMDAuBgorBgEEAYI3AgIKBgkqhkiC9xIBAgIGCSqGSIb3EgECAgYKKwYBBAGCNwICHqI2BDROVExNU1NQAAEAAACX"
        + "sgjiAwADADEAAAAJAAkAKAAAAAYBsR0AAAAPR0xZQ0VSSU5FU0FE"
    /// A NegTokenInit offering NEGOEX then NTLMSSP without an optimistic token.
    static let negoexFirst = "YCgGBisGAQUFAqAeMBygGjAYBgorBgEEAYI3AgIeBgorBgEEAYI3AgIK"
}

@Suite struct SPNEGOTokenTests {
    @Test func parsesWindowsNegTokenInit() throws {
        let bytes = try #require(Base64.decode(RealSPNEGO.windowsInit))
        guard case .initial(let token) = try NegotiateToken.parse(bytes) else {
            Issue.record("expected a NegTokenInit")
            return
        }
        #expect(token.mechTypes == [.ntlmssp, .microsoftKerberos5, .kerberos5, .negoex])
        #expect(
            token.mechTypes.map(\.description) == [
                "1.3.6.1.4.1.311.2.2.10", "1.2.840.48018.1.2.2", "1.2.840.113554.1.2.2", "1.3.6.1.4.1.311.2.2.30",
            ])
        let mechToken = try #require(token.mechToken)
        guard case .negotiate(let type1) = try NTLMMessage.parse(mechToken) else {
            Issue.record("expected an NTLM type 1")
            return
        }
        #expect(type1.domain == "SAD")
        #expect(type1.workstation == "GLYCERINE")
    }

    @Test func encodingRoundTrips() throws {
        let initial = SPNEGONegTokenInit(mechTypes: [.ntlmssp, .kerberos5], mechToken: Array(repeating: 7, count: 300))
        #expect(try NegotiateToken.parse(initial.encoded()) == .initial(initial))
        let response = SPNEGONegTokenResp(
            negState: .acceptIncomplete, supportedMech: .ntlmssp, responseToken: [1, 2, 3], mechListMIC: [4])
        #expect(try NegotiateToken.parse(response.encoded()) == .response(response))
        #expect(base64(SPNEGONegTokenResp(negState: .acceptCompleted).encoded()) == "oQcwBaADCgEA")
    }

    @Test func otherMechanismsAndRawNTLM() throws {
        let kerberos = DERWriter.element(0x60, DERWriter.element(0x06, SPNEGOMechanism.kerberos5.oidBytes) + [1, 0])
        #expect(try NegotiateToken.parse(kerberos) == .otherMechanism(.kerberos5))
        let raw = NTLMMessage.signature + [1, 0, 0, 0]
        #expect(try NegotiateToken.parse(raw) == .rawNTLMSSP(raw))
    }

    @Test(arguments: [
        "", "30", "6080", "60050606", "a1033001", "a1053003a0010a", "a1073005a0030a0109", "6084ffffffff",
        "a00a3008a106300406022b06", "600806062b0601050502",
    ])
    func rejectsMalformed(_ bytesHex: String) {
        #expect(throws: SPNEGOParseError.self) { try NegotiateToken.parse(hex(bytesHex)) }
    }

    @Test func fuzzNeverTraps() throws {
        var generator = SplitMix(seed: 555)
        let seeds = [
            try #require(Base64.decode(RealSPNEGO.windowsInit)), try #require(Base64.decode(RealSPNEGO.negoexFirst)),
            SPNEGONegTokenResp(negState: .acceptIncomplete, responseToken: ChromiumNTLM.authenticateV2).encoded(),
        ]
        var parsed = 0
        for round in 0..<6000 {
            let input = round % 7 == 0 ? generator.bytes(maxCount: 64) : generator.mutate(seeds[round % seeds.count])
            if (try? NegotiateToken.parse(input)) != nil { parsed += 1 }
        }
        #expect(parsed > 0)
    }
}
