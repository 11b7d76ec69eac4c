import Foundation
import MockAuthVocabulary

/// The `NTLM` HTTP scheme: type 1 → `NTLM <type 2>` → type 3 verified, all on one connection.
package struct NTLMServerStateMachine: Sendable {
    var handshake: NTLMHandshake

    /// Creates a machine; server challenges come from `random` unless the configuration fixes one.
    package init(configuration: NTLMConfiguration, random: AuthRandomSource = .system) {
        self.handshake = NTLMHandshake(configuration: configuration, random: random)
    }

    /// The configuration being enforced.
    package var configuration: NTLMConfiguration { handshake.configuration }

    /// Forgets the handshake state of a closed connection.
    package mutating func connectionClosed(_ connectionID: UInt64) {
        handshake.connectionClosed(connectionID)
    }
}

extension NTLMServerStateMachine: SchemeServer {
    var schemeName: HTTPAuthScheme { .ntlm }

    func freshChallengeValues(now: Date) -> [String] { ["NTLM"] }

    func persistedCredentials(connectionID: UInt64) -> PresentedCredentials? {
        handshake.persistedCredentials(connectionID: connectionID)
    }

    mutating func outcome(for credentials: AuthCredentialsValue, request: AuthRequest, now: Date) -> AuthDecision {
        guard let token = credentials.token68 else {
            return .malformed(reason: "NTLM credentials must be a base64 token")
        }
        guard let bytes = Base64.decode(token) else { return .malformed(reason: "NTLM token is not valid base64") }
        switch handshake.receive(bytes, connectionID: request.connectionID, now: now) {
        case .challenge(let type2, let presented):
            return .continued(
                values: ["NTLM " + Base64.encode(type2)], reason: "NTLM handshake: type 2 challenge sent",
                credentials: presented)
        case .authenticated(let presented):
            return .authenticated(presented, responseHeaders: [])
        case .rejected(let reason, let presented):
            return .refused(values: ["NTLM"], reason: reason, credentials: presented)
        case .malformed(let reason):
            return .malformed(reason: reason)
        }
    }
}
