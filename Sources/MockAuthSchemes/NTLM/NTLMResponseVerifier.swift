/// Checks an NtChallengeResponse against the password of the account it names, for one server
/// challenge.
struct NTLMResponseVerifier {
    enum Verdict: Equatable {
        case verified(detail: String)
        /// `reason` may contain `{user}`, replaced by the caller.
        case refused(reason: String, detail: String)
        case malformed(reason: String)
    }

    let configuration: NTLMConfiguration
    /// The password of the user the message names.
    let password: String
    let serverChallenge: [UInt8]

    /// The smallest NTLMv2 response: NTProofStr (16) + the fixed part of NTLMv2_CLIENT_CHALLENGE (28).
    static let minimumV2Length = 16 + 28

    func verify(_ message: NTLMAuthenticateMessage) -> Verdict {
        let response = message.ntChallengeResponse
        let ntHash = NTLMCrypto.ntHash(password: password)
        if response.isEmpty {
            return .refused(reason: "no NT response from {user} (LM-only authentication is not accepted)", detail: "LM")
        }
        if response.count == 24 {
            return verifyV1(message, ntHash: ntHash)
        }
        guard response.count >= Self.minimumV2Length else {
            return .malformed(reason: "NtChallengeResponse of \(response.count) bytes is neither NTLMv1 nor NTLMv2")
        }
        let proof = Array(response.prefix(16))
        let blob = Array(response.dropFirst(16))
        guard blob[0] == 1, blob[1] == 1 else {
            return .malformed(reason: "NTLMv2 client challenge has RespType \(blob[0]), HiRespType \(blob[1])")
        }
        let key = NTLMCrypto.ntowfv2(ntHash: ntHash, user: message.user, domain: message.domain)
        let expected = NTLMCrypto.ntProofString(ntowfv2: key, serverChallenge: serverChallenge, blob: blob)
        guard constantTimeEquals(expected, proof) else {
            return .refused(reason: "wrong password for user {user} (NTLMv2 proof mismatch)", detail: "NTLMv2")
        }
        return .verified(detail: "NTLMv2")
    }

    private func verifyV1(_ message: NTLMAuthenticateMessage, ntHash: [UInt8]) -> Verdict {
        let extended = message.flags.contains(.extendedSessionSecurity)
        let detail = extended ? "NTLMv1 with extended session security" : "NTLMv1"
        guard configuration.acceptNTLMv1 else {
            return .refused(reason: "\(detail) response from {user} rejected (policy: NTLMv2 only)", detail: detail)
        }
        let expected: [UInt8]
        if extended {
            guard message.lmChallengeResponse.count >= 8 else {
                return .malformed(reason: "NTLMv1 extended session security needs an 8-byte client challenge")
            }
            expected = NTLMCrypto.ntlmv1ExtendedResponse(
                ntHash: ntHash, serverChallenge: serverChallenge,
                clientChallenge: Array(message.lmChallengeResponse.prefix(8)))
        } else {
            expected = NTLMCrypto.ntlmv1Response(ntHash: ntHash, challenge: serverChallenge)
        }
        guard constantTimeEquals(expected, message.ntChallengeResponse) else {
            return .refused(reason: "wrong password for user {user} (\(detail) response mismatch)", detail: detail)
        }
        return .verified(detail: detail)
    }
}
