import Crypto
import Foundation
import MockAuthCrypto

/// The NTLM response computations of MS-NLMP §3.3.
enum NTLMCrypto {
    /// NTOWFv1: `MD4(UTF-16LE(password))`.
    static func ntHash(password: String) -> [UInt8] {
        MD4.hash(NTLMStrings.utf16LE(password))
    }

    /// NTOWFv2: `HMAC-MD5(NT hash, UTF-16LE(Uppercase(user) + domain))` (domain is not uppercased).
    static func ntowfv2(ntHash: [UInt8], user: String, domain: String) -> [UInt8] {
        hmacMD5(key: ntHash, data: NTLMStrings.utf16LE(NTLMStrings.uppercased(user) + domain))
    }

    /// NTProofStr: `HMAC-MD5(NTOWFv2, serverChallenge + blob)`.
    static func ntProofString(ntowfv2: [UInt8], serverChallenge: [UInt8], blob: [UInt8]) -> [UInt8] {
        hmacMD5(key: ntowfv2, data: serverChallenge + blob)
    }

    /// NTLMv1 NtChallengeResponse: `DESL(NT hash, challenge)`.
    static func ntlmv1Response(ntHash: [UInt8], challenge: [UInt8]) -> [UInt8] {
        desl(key: ntHash, data: challenge)
    }

    /// NTLMv1 with extended session security: `DESL(NT hash, MD5(serverChallenge + clientChallenge)[0..<8])`.
    static func ntlmv1ExtendedResponse(ntHash: [UInt8], serverChallenge: [UInt8], clientChallenge: [UInt8])
        -> [UInt8]
    {
        let digest = Array(Insecure.MD5.hash(data: serverChallenge + clientChallenge))
        return desl(key: ntHash, data: Array(digest.prefix(8)))
    }

    /// DESL (MS-NLMP §6): three DES encryptions of `data` under 7-byte slices of the 16-byte key padded to 21.
    static func desl(key: [UInt8], data: [UInt8]) -> [UInt8] {
        let padded = Array(key.prefix(16)) + Array(repeating: 0, count: 21 - min(16, key.count))
        return [0, 7, 14].flatMap { start in
            DES.encryptBlock(key: DES.expandKey(Array(padded[start..<(start + 7)])), block: data)
        }
    }

    static func hmacMD5(key: [UInt8], data: [UInt8]) -> [UInt8] {
        Array(HMAC<Insecure.MD5>.authenticationCode(for: data, using: SymmetricKey(data: key)))
    }
}
