import Foundation
import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

/// Messages from Chromium's net/ntlm/ntlm_test_data.h, built from the MS-NLMP §4.2 examples.
enum ChromiumNTLM {
    /// kChallengeMsgFromSpecV2 (MS-NLMP §4.2.4.3).
    static let challengeV2 = hex(
        """
        4e544c4d53535000 02000000 0c000c0038000000 33828ae2 0123456789abcdef 0000000000000000
        2400240044000000 060070170000000f 530065007200760065007200
        02000c0044006f006d00610069006e00 01000c00530065007200760065007200 00000000
        """)

    /// kExpectedAuthenticateMsgSpecResponseV2: NTLMv2 type 3 for User/Domain/Password, challenge 0123456789abcdef
    /// (with a client timestamp, a MIC and channel bindings, which this server does not check).
    static let authenticateV2 = hex(
        """
        4e544c4d53535000 03000000 1800180058000000 8a008a00 70000000 0c000c00fa000000
        0800080006010000 10001000 0e010000 0000000058000000 03820800 0000000000000000
        f7361633f0ad9bdf4a7c421b c6b824a3 0000000000000000 000000000000000000000000
        00000000 8c0260dbef690662 af9c42d50782d2ed 01010000 00000000 800bc8fd00d4d201
        aaaaaaaaaaaaaaaa 00000000 02000c00 44006f006d006100 69006e00 01000c00 53006500
        7200760065007200 06000400 02000000 0a001000 6586e99d 81c2fc984e47172fd4dd0310
        09001600 4800540054005000 2f00530065007200 76006500 7200 00000000 00000000 4400
        6f006d00610069006e005500 73006500720043004f004d00 50005500540045005200
        """)

    /// kExpectedAuthenticateMsgSpecResponseV1: NTLMv1 with extended session security (MS-NLMP §4.2.3).
    static let authenticateV1 = hex(
        """
        4e544c4d53535000 03000000 1800180040000000 18001800 58000000 0c000c0070000000
        080008007c000000 10001000 84000000 0000000040000000 03820800 aaaaaaaaaaaaaaaa
        000000000000000000000000 00000000 7537f803ae367128 ca458204bde7caf81e97ed26
        83267232 44006f006d006100 69006e00 5500730065007200 43004f004d0050005500 5400 45005200
        """)
}

@Suite struct NTLMMessageParsingTests {
    @Test func specChallengeMessage() throws {
        guard case .challenge(let message) = try NTLMMessage.parse(ChromiumNTLM.challengeV2) else {
            Issue.record("expected a type 2")
            return
        }
        #expect(message.flags.rawValue == 0xE28A_8233)
        #expect(message.targetName == "Server")
        #expect(message.serverChallenge == MSNLMP.serverChallenge)
        #expect(message.targetInfo.map(\.id) == [NTLMAVPair.nbDomainName, NTLMAVPair.nbComputerName])
        #expect(message.targetInfo.map(\.stringValue) == ["Domain", "Server"])
    }

    @Test("a type 3's strings are read in the encoding the type 2 negotiated, not by the type 3's own Unicode flag")
    func negotiatedEncoding() throws {
        // wget 1.21.3: 8-bit names in a type 3 whose flags (0x8201) claim NTLMSSP_NEGOTIATE_UNICODE.
        let type3 = NTLMTestClient.authenticate(
            lm: Array(repeating: 1, count: 24), nt: Array(repeating: 2, count: 24), domain: "CORP", user: "alice",
            workstation: "", flags: [.ntlm, .alwaysSign], oemStrings: true)
        guard case .authenticate(let message) = try NTLMMessage.parse(type3, negotiated: [.oem, .ntlm]) else {
            Issue.record("expected a type 3")
            return
        }
        #expect(message.user == "alice")
        #expect(message.domain == "CORP")
        #expect(message.flags.contains(.unicode), "the message's own flags are kept as sent")
        // By its own flag, the 5-byte user name is odd UTF-16.
        #expect(throws: NTLMParseError(reason: "user name has an odd UTF-16 length")) {
            try NTLMMessage.parse(type3)
        }
        // Unicode negotiated, Unicode sent: read as before.
        let unicode = NTLMTestClient.authenticate(
            lm: [], nt: Array(repeating: 2, count: 24), domain: "CORP", user: "alice", workstation: "W",
            flags: [.ntlm])
        guard case .authenticate(let read) = try NTLMMessage.parse(unicode, negotiated: [.unicode, .ntlm]) else {
            Issue.record("expected a type 3")
            return
        }
        #expect(read.user == "alice")
    }

    @Test func chromiumAuthenticateMessage() throws {
        guard case .authenticate(let message) = try NTLMMessage.parse(ChromiumNTLM.authenticateV2) else {
            Issue.record("expected a type 3")
            return
        }
        #expect(message.user == "User")
        #expect(message.domain == "Domain")
        #expect(message.workstation == "COMPUTER")
        #expect(message.ntChallengeResponse.count == 138)
        #expect(message.lmChallengeResponse == Array(repeating: 0, count: 24))
    }

    @Test func challengeEncodingRoundTrips() throws {
        let message = NTLMChallengeMessage(
            flags: [.unicode, .ntlm, .targetInfo, .targetTypeDomain], targetName: "DOMAIN",
            serverChallenge: MSNLMP.serverChallenge,
            targetInfo: [.string(NTLMAVPair.nbDomainName, "DOMAIN"), .timestamp(Date(timeIntervalSince1970: 0))])
        #expect(try NTLMMessage.parse(message.encoded()) == .challenge(message))
        #expect(message.targetInfo[1].value == hex("00803ed5deb19d01"))
    }

    @Test(arguments: [
        ("", "missing NTLMSSP signature"),
        ("4e544c4d53535000", "truncated NTLM message type"),
        ("4e544c4d5353500009000000", "unknown NTLM message type 9"),
        ("4e544c4d535350000300000018001800ff000000", "NTLM type 3 shorter than 64 bytes"),
    ])
    func rejectsTruncated(_ bytesHex: String, reason: String) {
        #expect(throws: NTLMParseError(reason: reason)) { try NTLMMessage.parse(hex(bytesHex)) }
    }

    @Test func rejectsOutOfBoundsField() {
        var message = ChromiumNTLM.authenticateV2
        message[24] = 0xF0  // NtChallengeResponse offset far beyond the buffer
        #expect(throws: NTLMParseError.self) { try NTLMMessage.parse(message) }
        var huge = ChromiumNTLM.authenticateV2
        huge.replaceSubrange(24..<28, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: NTLMParseError.self) { try NTLMMessage.parse(huge) }
    }

    @Test func rejectsUnterminatedTargetInfo() {
        #expect(throws: NTLMParseError.self) { try NTLMAVPair.parse(hex("02000c0044006f00")) }
        #expect(throws: NTLMParseError.self) { try NTLMAVPair.parse(hex("0200")) }
        #expect(throws: NTLMParseError.self) { try NTLMMessage.parse(base64: "not base64!") }
    }

    @Test func fuzzNeverTraps() {
        var generator = SplitMix(seed: 99)
        let seeds = [
            ChromiumNTLM.challengeV2, ChromiumNTLM.authenticateV2, ChromiumNTLM.authenticateV1,
            NTLMTestClient(user: "u", password: "p", domain: "d").negotiateMessage(),
        ]
        var parsed = 0
        for round in 0..<6000 {
            let input =
                round % 5 == 0
                ? NTLMMessage.signature + generator.bytes(maxCount: 80)
                : generator.mutate(seeds[round % seeds.count])
            if (try? NTLMMessage.parse(input)) != nil { parsed += 1 }
            _ = try? NTLMAVPair.parse(generator.bytes(maxCount: 24))
        }
        #expect(parsed > 0)
    }
}
