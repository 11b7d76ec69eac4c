/// NEGOTIATE_MESSAGE, type 1 (MS-NLMP §2.2.1.1).
public struct NTLMNegotiateMessage: Sendable, Equatable {
    /// The flags the client asks for.
    public var flags: NTLMNegotiateFlags
    /// The OEM domain name, when supplied.
    public var domain: String?
    /// The OEM workstation name, when supplied.
    public var workstation: String?

    /// Creates a message.
    public init(flags: NTLMNegotiateFlags, domain: String? = nil, workstation: String? = nil) {
        self.flags = flags
        self.domain = domain
        self.workstation = workstation
    }
}

/// CHALLENGE_MESSAGE, type 2 (MS-NLMP §2.2.1.2).
public struct NTLMChallengeMessage: Sendable, Equatable {
    /// The negotiated flags.
    public var flags: NTLMNegotiateFlags
    /// The server's target name (NetBIOS domain).
    public var targetName: String
    /// The 8-byte server challenge.
    public var serverChallenge: [UInt8]
    /// The target info AV pairs (without MsvAvEOL).
    public var targetInfo: [NTLMAVPair]

    /// Creates a message.
    public init(flags: NTLMNegotiateFlags, targetName: String, serverChallenge: [UInt8], targetInfo: [NTLMAVPair]) {
        self.flags = flags
        self.targetName = targetName
        self.serverChallenge = serverChallenge
        self.targetInfo = targetInfo
    }
}

/// AUTHENTICATE_MESSAGE, type 3 (MS-NLMP §2.2.1.3).
public struct NTLMAuthenticateMessage: Sendable, Equatable {
    /// LmChallengeResponse bytes.
    public var lmChallengeResponse: [UInt8]
    /// NtChallengeResponse bytes (24 for NTLMv1, NTProofStr + blob for NTLMv2).
    public var ntChallengeResponse: [UInt8]
    /// The domain name as sent.
    public var domain: String
    /// The user name as sent.
    public var user: String
    /// The workstation name as sent.
    public var workstation: String
    /// EncryptedRandomSessionKey bytes.
    public var encryptedRandomSessionKey: [UInt8]
    /// The flags.
    public var flags: NTLMNegotiateFlags

    /// Creates a message.
    public init(
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
public enum NTLMMessage: Sendable, Equatable {
    /// Type 1.
    case negotiate(NTLMNegotiateMessage)
    /// Type 2.
    case challenge(NTLMChallengeMessage)
    /// Type 3.
    case authenticate(NTLMAuthenticateMessage)

    /// The `NTLMSSP\0` signature.
    public static let signature: [UInt8] = Array("NTLMSSP".utf8) + [0]
}

/// Why an NTLM message could not be parsed.
public struct NTLMParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, in words.
    public var reason: String

    /// Creates an error.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
