import Foundation

/// One step of an NTLM handshake, before framing (`NTLM <base64>` or SPNEGO).
enum NTLMStep: Sendable, Equatable {
    /// Answer with this type 2 message.
    case challenge(type2: [UInt8], credentials: PresentedCredentials)
    /// The type 3 verified.
    case authenticated(PresentedCredentials)
    /// The type 3 (or its timing) was refused.
    case rejected(reason: String, credentials: PresentedCredentials?)
    /// The message could not be parsed.
    case malformed(reason: String)
}

/// The per-connection NTLM server logic shared by the `NTLM` and `Negotiate` machines.
struct NTLMHandshake: Sendable {
    private enum ConnectionState: Sendable {
        /// The type 2 went out: its challenge, and the flags it negotiated (which decide how the
        /// type 3's strings are encoded).
        case challengeSent(serverChallenge: [UInt8], flags: NTLMNegotiateFlags)
        case authenticated(PresentedCredentials)
    }

    let configuration: NTLMConfiguration
    private var random: AuthRandomSource
    private var connections: [UInt64: ConnectionState] = [:]

    init(configuration: NTLMConfiguration, random: AuthRandomSource) {
        self.configuration = configuration
        self.random = random
    }

    func persistedCredentials(connectionID: UInt64) -> PresentedCredentials? {
        guard configuration.persistAuthenticationOnConnection else { return nil }
        switch connections[connectionID] {
        case .authenticated(let credentials): return credentials
        case .challengeSent, .none: return nil
        }
    }

    mutating func connectionClosed(_ connectionID: UInt64) {
        connections[connectionID] = nil
    }

    mutating func receive(_ bytes: [UInt8], connectionID: UInt64, now: Date) -> NTLMStep {
        let message: NTLMMessage
        // A type 3 is read in the encoding the connection's type 2 negotiated.
        var negotiated: NTLMNegotiateFlags?
        if case .challengeSent(_, let flags) = connections[connectionID] { negotiated = flags }
        do {
            message = try NTLMMessage.parse(bytes, negotiated: negotiated)
        } catch {
            // On a connection that negotiated nothing, a type 3 is refused for that alone (the
            // client switched connections), whatever its strings: read as 8-bit when its own
            // Unicode flag does not fit them (wget's), only to name its user in the refusal.
            guard negotiated == nil, case .authenticate(let read)? = try? NTLMMessage.parse(bytes, negotiated: .oem)
            else { return .malformed(reason: "malformed NTLM message: \(error.reason)") }
            message = .authenticate(read)
        }
        switch message {
        case .negotiate(let negotiate):
            return answer(negotiate, connectionID: connectionID, now: now)
        case .challenge:
            return .malformed(reason: "client sent an NTLM type 2 (challenge) message")
        case .authenticate(let authenticate):
            return verify(authenticate, connectionID: connectionID)
        }
    }

    private mutating func answer(_ negotiate: NTLMNegotiateMessage, connectionID: UInt64, now: Date) -> NTLMStep {
        let serverChallenge =
            configuration.fixedServerChallenge.map {
                Array($0.prefix(8)) + Array(repeating: 0, count: max(0, 8 - $0.count))
            } ?? random.bytes(8)
        let echoed: NTLMNegotiateFlags = [
            .requestTarget, .extendedSessionSecurity, .alwaysSign, .sign, .seal, .negotiate128, .negotiate56,
            .keyExchange, .version, .identify,
        ]
        var flags = negotiate.flags.intersection(echoed).union([.ntlm, .targetInfo, .targetTypeDomain])
        flags.insert(negotiate.flags.contains(.unicode) ? .unicode : .oem)
        var info: [NTLMAVPair] = [
            .string(NTLMAVPair.nbDomainName, configuration.domain),
            .string(NTLMAVPair.nbComputerName, configuration.computerName),
            .string(NTLMAVPair.dnsDomainName, configuration.dnsDomainName),
            .string(NTLMAVPair.dnsComputerName, configuration.dnsComputerName),
        ]
        if configuration.includeTimestamp { info.append(.timestamp(now)) }
        let type2 = NTLMChallengeMessage(
            flags: flags, targetName: configuration.domain, serverChallenge: serverChallenge, targetInfo: info)
        connections[connectionID] = .challengeSent(serverChallenge: serverChallenge, flags: flags)
        let presented = PresentedCredentials(
            scheme: .ntlm, domain: negotiate.domain, workstation: negotiate.workstation, verified: false,
            detail: "NTLM type 1 (negotiate), flags 0x\(String(negotiate.flags.rawValue, radix: 16))")
        return .challenge(type2: type2.encoded(), credentials: presented)
    }

    private mutating func verify(_ message: NTLMAuthenticateMessage, connectionID: UInt64) -> NTLMStep {
        var presented = PresentedCredentials(
            scheme: .ntlm, username: message.user, domain: message.domain, workstation: message.workstation,
            verified: false, detail: "NTLM type 3")
        guard case .challengeSent(let serverChallenge, _) = connections[connectionID] else {
            let reason = "NTLM type 3 on a connection that never received a type 2 (the client switched connections)"
            return .rejected(reason: reason, credentials: presented)
        }
        connections[connectionID] = nil  // one answer per server challenge
        let who = message.domain.isEmpty ? message.user : "\(message.domain)\\\(message.user)"
        guard !message.user.isEmpty else {
            return .rejected(reason: "anonymous NTLM authentication is not accepted", credentials: presented)
        }
        guard let account = configuration.account(of: message.user) else {
            return .rejected(reason: "unknown user \(who)", credentials: presented)
        }
        let accountDomain = account.domain ?? configuration.domain
        if message.domain.isEmpty {
            switch configuration.emptyDomain {
            case .serversOwn:
                break
            case .refused:
                let reason = "no domain for user \(message.user) (this server wants \(accountDomain)\\\(message.user))"
                return .rejected(reason: reason, credentials: presented)
            }
        } else if NTLMStrings.uppercased(message.domain) != NTLMStrings.uppercased(accountDomain) {
            let reason = "wrong domain \(message.domain) for user \(message.user) (the account is in \(accountDomain))"
            return .rejected(reason: reason, credentials: presented)
        }
        let verdict = NTLMResponseVerifier(
            configuration: configuration, password: account.password, serverChallenge: serverChallenge
        ).verify(message)
        switch verdict {
        case .malformed(let reason):
            return .malformed(reason: reason)
        case .refused(let reason, let detail):
            presented.detail = detail
            return .rejected(reason: reason.replacingOccurrences(of: "{user}", with: who), credentials: presented)
        case .verified(let detail):
            presented.detail = detail
            presented.verified = true
            if configuration.persistAuthenticationOnConnection {
                connections[connectionID] = .authenticated(presented)
            }
            return .authenticated(presented)
        }
    }
}
