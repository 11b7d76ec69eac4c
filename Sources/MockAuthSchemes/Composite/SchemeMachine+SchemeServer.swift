import Foundation
import MockAuthVocabulary

extension SchemeMachine: SchemeServer {
    var schemeName: HTTPAuthScheme {
        switch self {
        case .basic(let machine): return machine.schemeName
        case .digest(let machine): return machine.schemeName
        case .ntlm(let machine): return machine.schemeName
        case .negotiate(let machine): return machine.schemeName
        case .bearer(let machine): return machine.schemeName
        }
    }

    mutating func freshChallengeValues(now: Date) -> [String] {
        switch self {
        case .basic(let machine): return machine.freshChallengeValues(now: now)
        case .digest(var machine):
            let values = machine.freshChallengeValues(now: now)
            self = .digest(machine)
            return values
        case .ntlm(let machine): return machine.freshChallengeValues(now: now)
        case .negotiate(let machine): return machine.freshChallengeValues(now: now)
        case .bearer(let machine): return machine.freshChallengeValues(now: now)
        }
    }

    mutating func outcome(for credentials: AuthCredentialsValue, request: AuthRequest, now: Date) -> AuthDecision {
        switch self {
        case .basic(let machine):
            return machine.outcome(for: credentials, request: request, now: now)
        case .digest(var machine):
            let outcome = machine.outcome(for: credentials, request: request, now: now)
            self = .digest(machine)
            return outcome
        case .ntlm(var machine):
            let outcome = machine.outcome(for: credentials, request: request, now: now)
            self = .ntlm(machine)
            return outcome
        case .negotiate(var machine):
            let outcome = machine.outcome(for: credentials, request: request, now: now)
            self = .negotiate(machine)
            return outcome
        case .bearer(let machine):
            return machine.outcome(for: credentials, request: request, now: now)
        }
    }

    func persistedCredentials(connectionID: UInt64) -> PresentedCredentials? {
        switch self {
        case .ntlm(let machine): return machine.persistedCredentials(connectionID: connectionID)
        case .negotiate(let machine): return machine.persistedCredentials(connectionID: connectionID)
        case .basic, .digest, .bearer: return nil
        }
    }

    mutating func connectionClosed(_ connectionID: UInt64) {
        switch self {
        case .ntlm(var machine):
            machine.connectionClosed(connectionID)
            self = .ntlm(machine)
        case .negotiate(var machine):
            machine.connectionClosed(connectionID)
            self = .negotiate(machine)
        case .basic, .digest, .bearer:
            return
        }
    }
}
