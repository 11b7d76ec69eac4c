import MockAuthVocabulary

/// One scheme to offer, with its configuration.
package enum SchemeConfiguration: Sendable, Equatable {
    /// Basic (RFC 7617).
    case basic(BasicConfiguration)
    /// Digest (RFC 7616).
    case digest(DigestConfiguration)
    /// NTLM (MS-NLMP).
    case ntlm(NTLMConfiguration)
    /// Negotiate with NTLM inside SPNEGO.
    case negotiate(NegotiateConfiguration)
    /// Bearer (RFC 6750).
    case bearer(BearerConfiguration)

    /// The scheme name this configuration answers for.
    package var scheme: HTTPAuthScheme {
        switch self {
        case .basic: return .basic
        case .digest: return .digest
        case .ntlm: return .ntlm
        case .negotiate: return .negotiate
        case .bearer: return .bearer
        }
    }

    /// Whether the scheme decides each request from its credentials alone, keeping no state between
    /// requests (no nonces, counts or handshakes): the same credentials always get the same decision.
    package var isStateless: Bool {
        switch self {
        case .basic: return true
        case .bearer(let bearer): return bearer.ledger == nil  // a ledger counts uses
        case .digest, .ntlm, .negotiate: return false
        }
    }
}

/// A running scheme machine, without existentials.
enum SchemeMachine: Sendable {
    case basic(BasicServerStateMachine)
    case digest(DigestServerStateMachine)
    case ntlm(NTLMServerStateMachine)
    case negotiate(NegotiateServerStateMachine)
    case bearer(BearerServerStateMachine)

    init(_ configuration: SchemeConfiguration, random: inout AuthRandomSource) {
        switch configuration {
        case .basic(let value): self = .basic(BasicServerStateMachine(configuration: value))
        case .digest(let value): self = .digest(DigestServerStateMachine(configuration: value, random: random.split()))
        case .ntlm(let value): self = .ntlm(NTLMServerStateMachine(configuration: value, random: random.split()))
        case .negotiate(let value):
            self = .negotiate(NegotiateServerStateMachine(configuration: value, random: random.split()))
        case .bearer(let value): self = .bearer(BearerServerStateMachine(configuration: value))
        }
    }
}
