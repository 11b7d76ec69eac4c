import Foundation
import MockAuthVocabulary

/// The `Negotiate` scheme carrying NTLM in SPNEGO (RFC 4178): NegTokenInit(NTLM type 1) →
/// NegTokenResp(accept-incomplete, NTLMSSP, type 2) → NegTokenResp(type 3) → accept-completed.
package struct NegotiateServerStateMachine: Sendable {
    /// How the NTLM messages of a connection are wrapped.
    private enum ConnectionState: Sendable, Equatable {
        /// NTLMSSP selected by a reply without token; the client's NTLM type 1 comes next in a NegTokenResp.
        case mechanismSelected
        /// NTLM messages travel inside SPNEGO.
        case spnego
        /// NTLM messages travel bare.
        case rawNTLMSSP
    }

    /// The configuration being enforced.
    package let configuration: NegotiateConfiguration
    var handshake: NTLMHandshake
    private var connections: [UInt64: ConnectionState] = [:]

    /// The reason given when a client offers Kerberos and nothing this server can use.
    package static let kerberosOnlyReason = "client offered only Kerberos; this server speaks NTLM inside SPNEGO"

    /// Creates a machine.
    package init(configuration: NegotiateConfiguration, random: AuthRandomSource = .system) {
        self.configuration = configuration
        self.handshake = NTLMHandshake(configuration: configuration.ntlm, random: random)
    }

    /// Forgets the handshake state of a closed connection.
    package mutating func connectionClosed(_ connectionID: UInt64) {
        connections[connectionID] = nil
        handshake.connectionClosed(connectionID)
    }

    private var headerName: String { configuration.side.challengeField }

    private func value(_ token: SPNEGONegTokenResp) -> String { "Negotiate " + Base64.encode(token.encoded()) }

    private func rejected(_ reason: String, _ credentials: PresentedCredentials? = nil) -> AuthDecision {
        .refused(values: ["Negotiate"], reason: reason, credentials: credentials)
    }

    private mutating func handleInitial(_ token: SPNEGONegTokenInit, request: AuthRequest, now: Date) -> AuthDecision {
        guard token.mechTypes.contains(.ntlmssp) else {
            if token.mechTypes.contains(where: \.isKerberos) { return rejected(Self.kerberosOnlyReason) }
            let offered = token.mechTypes.map(\.description).joined(separator: ", ")
            return rejected("client offered no mechanism this server supports (offered: \(offered))")
        }
        guard token.mechTypes.first == .ntlmssp, let mechToken = token.mechToken else {
            connections[request.connectionID] = .mechanismSelected
            let reply = SPNEGONegTokenResp(negState: .acceptIncomplete, supportedMech: .ntlmssp)
            let preferred = token.mechTypes.first?.description ?? "none"
            return .continued(
                values: [value(reply)], reason: "SPNEGO: selected NTLMSSP over the client's preferred \(preferred)",
                credentials: nil)
        }
        connections[request.connectionID] = .spnego
        return ntlm(mechToken, framing: .spnego, supportedMech: .ntlmssp, request: request, now: now)
    }

    private mutating func ntlm(
        _ bytes: [UInt8], framing: ConnectionState, supportedMech: SPNEGOMechanism?, request: AuthRequest, now: Date
    ) -> AuthDecision {
        let label = framing == .rawNTLMSSP ? "raw NTLMSSP" : "SPNEGO"
        switch handshake.receive(bytes, connectionID: request.connectionID, now: now) {
        case .challenge(let type2, var presented):
            presented.scheme = .negotiate
            presented.detail = "Negotiate (\(label)): " + presented.detail
            let reply: String
            if framing == .rawNTLMSSP {
                reply = "Negotiate " + Base64.encode(type2)
            } else {
                reply = value(
                    SPNEGONegTokenResp(negState: .acceptIncomplete, supportedMech: supportedMech, responseToken: type2))
            }
            return .continued(
                values: [reply], reason: "Negotiate handshake: NTLM type 2 sent (\(label))", credentials: presented)
        case .authenticated(var presented):
            presented.scheme = .negotiate
            presented.detail = "Negotiate (\(label)): " + presented.detail
            guard framing != .rawNTLMSSP else { return .authenticated(presented, responseHeaders: []) }
            let final = value(SPNEGONegTokenResp(negState: .acceptCompleted))
            return .authenticated(presented, responseHeaders: [HeaderField(name: headerName, value: final)])
        case .rejected(let reason, var presented):
            presented?.scheme = .negotiate
            return rejected(reason, presented)
        case .malformed(let reason):
            return .malformed(reason: reason)
        }
    }
}

extension NegotiateServerStateMachine: SchemeServer {
    var schemeName: HTTPAuthScheme { .negotiate }

    func freshChallengeValues(now: Date) -> [String] { ["Negotiate"] }

    func persistedCredentials(connectionID: UInt64) -> PresentedCredentials? {
        guard var credentials = handshake.persistedCredentials(connectionID: connectionID) else { return nil }
        credentials.scheme = .negotiate
        return credentials
    }

    mutating func outcome(for credentials: AuthCredentialsValue, request: AuthRequest, now: Date) -> AuthDecision {
        guard let text = credentials.token68 else {
            return .malformed(reason: "Negotiate credentials must be a base64 token")
        }
        guard let bytes = Base64.decode(text) else { return .malformed(reason: "Negotiate token is not valid base64") }
        let token: NegotiateToken
        do {
            token = try NegotiateToken.parse(bytes)
        } catch {
            return .malformed(reason: "malformed SPNEGO token: \(error.reason)")
        }
        switch token {
        case .rawNTLMSSP(let raw):
            guard configuration.acceptRawNTLMSSP else {
                return rejected("raw NTLMSSP inside Negotiate is not accepted")
            }
            connections[request.connectionID] = .rawNTLMSSP
            return ntlm(raw, framing: .rawNTLMSSP, supportedMech: nil, request: request, now: now)
        case .otherMechanism(let mechanism):
            if mechanism.isKerberos { return rejected(Self.kerberosOnlyReason) }
            return rejected("unsupported GSS-API mechanism \(mechanism)")
        case .initial(let initial):
            return handleInitial(initial, request: request, now: now)
        case .response(let response):
            if response.negState == .reject { return rejected("client rejected the SPNEGO negotiation") }
            guard let inner = response.responseToken else {
                return .malformed(reason: "SPNEGO NegTokenResp without a responseToken")
            }
            guard connections[request.connectionID] != nil else {
                return rejected(
                    "SPNEGO NegTokenResp on a connection that never sent a NegTokenInit (the client switched connections)"
                )
            }
            connections[request.connectionID] = .spnego
            return ntlm(inner, framing: .spnego, supportedMech: nil, request: request, now: now)
        }
    }
}
