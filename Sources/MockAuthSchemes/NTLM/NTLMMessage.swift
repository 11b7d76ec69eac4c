/// NEGOTIATE_MESSAGE, type 1 (MS-NLMP §2.2.1.1).
package struct NTLMNegotiateMessage: Sendable, Equatable {
    /// The flags the client asks for.
    package var flags: NTLMNegotiateFlags
    /// The OEM domain name, when supplied.
    package var domain: String?
    /// The OEM workstation name, when supplied.
    package var workstation: String?

    /// Creates a message.
    package init(flags: NTLMNegotiateFlags, domain: String? = nil, workstation: String? = nil) {
        self.flags = flags
        self.domain = domain
        self.workstation = workstation
    }
}

/// CHALLENGE_MESSAGE, type 2 (MS-NLMP §2.2.1.2).
package struct NTLMChallengeMessage: Sendable, Equatable {
    /// The negotiated flags.
    package var flags: NTLMNegotiateFlags
    /// The server's target name (NetBIOS domain).
    package var targetName: String
    /// The 8-byte server challenge.
    package var serverChallenge: [UInt8]
    /// The target info AV pairs (without MsvAvEOL).
    package var targetInfo: [NTLMAVPair]

    /// Creates a message.
    package init(flags: NTLMNegotiateFlags, targetName: String, serverChallenge: [UInt8], targetInfo: [NTLMAVPair]) {
        self.flags = flags
        self.targetName = targetName
        self.serverChallenge = serverChallenge
        self.targetInfo = targetInfo
    }
}

/// AUTHENTICATE_MESSAGE, type 3 (MS-NLMP §2.2.1.3).
package struct NTLMAuthenticateMessage: Sendable, Equatable {
    /// LmChallengeResponse bytes.
    package var lmChallengeResponse: [UInt8]
    /// NtChallengeResponse bytes (24 for NTLMv1, NTProofStr + blob for NTLMv2).
    package var ntChallengeResponse: [UInt8]
    /// The domain name as sent.
    package var domain: String
    /// The user name as sent.
    package var user: String
    /// The workstation name as sent.
    package var workstation: String
    /// EncryptedRandomSessionKey bytes.
    package var encryptedRandomSessionKey: [UInt8]
    /// The flags.
    package var flags: NTLMNegotiateFlags

    /// Creates a message.
    package init(
        lmChallengeResponse: [UInt8], ntChallengeResponse: [UInt8], domain: String, user: String,
        workstation: String, encryptedRandomSessionKey: [UInt8] = [], flags: NTLMNegotiateFlags
    ) {
        self.lmChallengeResponse = lmChallengeResponse
        self.ntChallengeResponse = ntChallengeResponse
        self.domain = domain
        self.user = user
        self.workstation = workstation
        self.encryptedRandomSessionKey = encryptedRandomSessionKey
        self.flags = flags
    }
}

/// Any NTLMSSP message.
package enum NTLMMessage: Sendable, Equatable {
    /// Type 1.
    case negotiate(NTLMNegotiateMessage)
    /// Type 2.
    case challenge(NTLMChallengeMessage)
    /// Type 3.
    case authenticate(NTLMAuthenticateMessage)

    /// The `NTLMSSP\0` signature.
    package static let signature: [UInt8] = Array("NTLMSSP".utf8) + [0]
}

/// Why an NTLM message could not be parsed.
package struct NTLMParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, in words.
    package var reason: String

    /// Creates an error.
    package init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    package var description: String { reason }
}
