import Foundation
import MockAuthTestSupport

@testable import MockAuthSchemes

/// A client-side NTLM message builder, living in the tests only.
struct NTLMTestClient {
    var user: String
    var password: String
    var domain: String
    var workstation: String = "WORKSTATION"

    static let defaultFlags: NTLMNegotiateFlags = [
        .unicode, .oem, .requestTarget, .ntlm, .alwaysSign, .extendedSessionSecurity, .negotiate128, .negotiate56,
        .version,
    ]

    func negotiateMessage(flags: NTLMNegotiateFlags = defaultFlags, supplyNames: Bool = true) -> [UInt8] {
        var flags = flags
        let domainBytes = Array(domain.utf8)
        let workstationBytes = Array(workstation.utf8)
        if supplyNames { flags.formUnion([.oemDomainSupplied, .oemWorkstationSupplied]) }
        var out = NTLMMessage.signature
        out.appendLittleEndian(UInt32(1))
        out.appendLittleEndian(flags.rawValue)
        let domainOffset = 40
        Self.field(&out, supplyNames ? domainBytes.count : 0, domainOffset)
        Self.field(&out, supplyNames ? workstationBytes.count : 0, domainOffset + domainBytes.count)
        out += [10, 0, 0x61, 0x4A, 0, 0, 0, 15]
        return supplyNames ? out + domainBytes + workstationBytes : out
    }

    /// NTLMv2 type 3 answering `challenge`.
    func authenticateMessage(
        challenge: NTLMChallengeMessage, clientChallenge: [UInt8] = hex("aaaaaaaaaaaaaaaa"), timestamp: UInt64 = 0,
        passwordOverride: String? = nil, userOverride: String? = nil
    ) -> [UInt8] {
        var blob: [UInt8] = [1, 1, 0, 0, 0, 0, 0, 0]
        blob.appendLittleEndian(timestamp)
        blob += clientChallenge + [0, 0, 0, 0] + NTLMAVPair.encode(challenge.targetInfo) + [0, 0, 0, 0]
        let sentUser = userOverride ?? user
        let key = NTLMCrypto.ntowfv2(
            ntHash: NTLMCrypto.ntHash(password: passwordOverride ?? password), user: sentUser, domain: domain)
        let proof = NTLMCrypto.ntProofString(ntowfv2: key, serverChallenge: challenge.serverChallenge, blob: blob)
        return Self.authenticate(
            lm: Array(repeating: 0, count: 24), nt: proof + blob, domain: domain, user: sentUser,
            workstation: workstation, flags: challenge.flags)
    }

    /// Assembles a type 3 from its parts: Unicode strings, or with `oemStrings` 8-bit ones (as wget
    /// writes them, under the Unicode flag all the same); the flags always carry
    /// NTLMSSP_NEGOTIATE_UNICODE.
    static func authenticate(
        lm: [UInt8], nt: [UInt8], domain: String, user: String, workstation: String, flags: NTLMNegotiateFlags,
        oemStrings: Bool = false
    ) -> [UInt8] {
        func encode(_ text: String) -> [UInt8] { oemStrings ? Array(text.utf8) : NTLMStrings.utf16LE(text) }
        let payloads = [lm, nt, encode(domain), encode(user), encode(workstation), []]
        var out = NTLMMessage.signature
        out.appendLittleEndian(UInt32(3))
        var offset = 72
        for payload in payloads {
            field(&out, payload.count, offset)
            offset += payload.count
        }
        out.appendLittleEndian(flags.union(.unicode).rawValue)
        out += [10, 0, 0x61, 0x4A, 0, 0, 0, 15]
        return out + payloads.flatMap { $0 }
    }

    static func field(_ out: inout [UInt8], _ length: Int, _ offset: Int) {
        out.appendLittleEndian(UInt16(length))
        out.appendLittleEndian(UInt16(length))
        out.appendLittleEndian(UInt32(offset))
    }

    /// Extracts the type 2 from `NTLM <b64>` or `Negotiate <b64 raw>`.
    static func challenge(fromHeader value: String) -> NTLMChallengeMessage? {
        guard let token = value.split(separator: " ").last,
            case .challenge(let message)? = try? NTLMMessage.parse(base64: String(token))
        else { return nil }
        return message
    }
}
