import Foundation
import MockAuthVocabulary

/// The `Negotiate` scheme carrying NTLM in SPNEGO (RFC 4178): NegTokenInit(NTLM type 1) →
/// NegTokenResp(accept-incomplete, NTLMSSP, type 2) → NegTokenResp(type 3) → accept-completed; and,
/// when the server has a Kerberos key (``NegotiateConfiguration/kerberos``), Kerberos in one round:
/// NegTokenInit(AP-REQ) → accept-completed(AP-REP), or the AP-REQ bare (RFC 4559 §4).
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
    private var acceptedTickets = KerberosReplayCache()

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
        if let verification = configuration.kerberos, let first = token.mechTypes.first, first.isKerberos,
            let mechToken = token.mechToken
        {
            return kerberos(mechToken, mechanism: first, inSPNEGO: true, verification: verification)
        }
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

extension NegotiateServerStateMachine {
    /// Verifies a Kerberos AP-REQ (`token`, a GSS-API initial context token): the ticket must name
    /// this server's service principal, and the acceptor must verify it with the service's key.
    /// The answer carries the AP-REP (genuine or forged, as the scenario says) in SPNEGO's
    /// accept-completed when the client spoke SPNEGO, bare when it sent the AP-REQ bare.
    private mutating func kerberos(
        _ token: [UInt8], mechanism: SPNEGOMechanism, inSPNEGO: Bool, verification: KerberosVerification
    ) -> AuthDecision {
        let request: KerberosAPRequest
        do {
            request = try KerberosAPRequest.parse(initialContextToken: token)
        } catch {
            return .malformed(reason: "malformed Kerberos token: \(error.reason)")
        }
        var ticket = KerberosTicket(
            servicePrincipal: request.servicePrincipal, mutualRequested: request.mutualRequired, delegated: false)
        var presented = PresentedCredentials(scheme: .negotiate, verified: false, detail: "Negotiate (Kerberos)")
        presented.kerberos = ticket
        guard request.servicePrincipal == verification.servicePrincipal else {
            return rejected(
                "the Kerberos ticket is for \(request.servicePrincipal), not for this server (\(verification.servicePrincipal))",
                presented)
        }
        switch verification.acceptor.accept(token) {
        case .rejected(let reason):
            return rejected("the Kerberos ticket for \(request.servicePrincipal) did not verify: \(reason)", presented)
        case .accepted(let clientPrincipal, let delegated, let replyToken):
            guard acceptedTickets.admit(token) else {
                return rejected("the Kerberos AP-REQ was sent before (a replay)", presented)
            }
            ticket.clientPrincipal = clientPrincipal
            ticket.delegated = delegated
            presented.kerberos = ticket
            presented.username = clientPrincipal
            presented.verified = true
            presented.detail =
                "Negotiate (Kerberos): \(clientPrincipal)'s ticket for \(request.servicePrincipal)"
                + (delegated ? ", with its ticket-granting ticket forwarded" : "")
            let reply = replyToken.map(verification.reply.applied(to:))
            let final: String?
            if inSPNEGO {
                final = value(
                    SPNEGONegTokenResp(negState: .acceptCompleted, supportedMech: mechanism, responseToken: reply))
            } else {
                final = reply.map { "Negotiate " + Base64.encode($0) }
            }
            let headers = final.map { [HeaderField(name: headerName, value: $0)] } ?? []
            return .authenticated(presented, responseHeaders: headers)
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
            if mechanism.isKerberos, let verification = configuration.kerberos {
                return kerberos(bytes, mechanism: mechanism, inSPNEGO: false, verification: verification)
            }
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
