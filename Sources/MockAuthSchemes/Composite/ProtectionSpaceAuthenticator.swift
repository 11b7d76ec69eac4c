import Foundation
import MockAuthVocabulary

/// One protection space (a realm and its schemes) for an origin (401, `Authorization`) or a proxy
/// (407, `Proxy-Authorization`): offers its schemes in the configured order and dispatches each
/// request's credentials to the machine of the scheme the client chose.
package struct ProtectionSpaceAuthenticator: Sendable {
    /// A decision plus the scheme the client chose (nil when it chose none of the offered ones).
    package struct Result: Sendable, Equatable {
        /// What to answer.
        package var decision: AuthDecision
        /// The offered scheme whose machine decided, if any.
        package var chosenScheme: HTTPAuthScheme?

        /// Creates a result.
        package init(decision: AuthDecision, chosenScheme: HTTPAuthScheme?) {
            self.decision = decision
            self.chosenScheme = chosenScheme
        }
    }

    /// The configured schemes, in offer order.
    package let configurations: [SchemeConfiguration]
    private var machines: [SchemeMachine]

    /// Creates the authenticator; each machine gets its own stream split from `random`.
    package init(schemes: [SchemeConfiguration], random: AuthRandomSource = .system) {
        var random = random
        self.configurations = schemes
        self.machines = schemes.map { SchemeMachine($0, random: &random) }
    }

    /// The offered scheme names, in order.
    package var offeredSchemes: [HTTPAuthScheme] { machines.map(\.schemeName) }

    /// Fresh challenge values of every scheme, in configured order (one header line each).
    package mutating func challengeValues(now: Date) -> [String] {
        machines.indices.flatMap { machines[$0].freshChallengeValues(now: now) }
    }

    /// Joins challenge values into one header line (RFC 9110 §11.6.1 allows a list).
    package static func joinedChallengeLine(_ values: [String]) -> String {
        values.joined(separator: ", ")
    }

    /// Decides a request: the one entry point, for the servers and the tests alike.
    package mutating func authenticate(_ request: AuthRequest, now: Date) -> Result {
        let offered = offeredSchemes
        switch CredentialSelection.select(from: request.authorization, accepting: { offered.contains($0) }) {
        case .none:
            for machine in machines {
                if let credentials = machine.persistedCredentials(connectionID: request.connectionID) {
                    return Result(
                        decision: .authenticated(credentials, responseHeaders: []), chosenScheme: credentials.scheme)
                }
            }
            return Result(
                decision: .challenged(values: challengeValues(now: now), reason: "no credentials"), chosenScheme: nil)
        case .otherSchemes(let used):
            let reason =
                "client used \(used.joined(separator: ", ")), which this server does not offer; it offers "
                + offered.map(\.token).joined(separator: ", ")
            return Result(
                decision: .refused(values: challengeValues(now: now), reason: reason, credentials: nil),
                chosenScheme: nil)
        case .unparsable(let reason):
            return Result(decision: .malformed(reason: reason), chosenScheme: nil)
        case .found(let credentials):
            guard let scheme = credentials.schemeName, let index = offered.firstIndex(of: scheme) else {
                return Result(decision: .malformed(reason: "no machine for \(credentials.scheme)"), chosenScheme: nil)
            }
            let outcome = machines[index].outcome(for: credentials, request: request, now: now)
            return Result(decision: combine(outcome, from: index, now: now), chosenScheme: offered[index])
        }
    }

    /// Forgets per-connection handshake state (NTLM, Negotiate).
    package mutating func connectionClosed(_ connectionID: UInt64) {
        for index in machines.indices { machines[index].connectionClosed(connectionID) }
    }

    /// The offered Digest machine's nonce store (nil when Digest is not offered). It exists for tests,
    /// which check what a challenge recorded; the servers never read it.
    package var digestNonceStore: DigestNonceStore? {
        for case .digest(let machine) in machines { return machine.nonceStore }
        return nil
    }

    /// Records a nonce as issued by the offered Digest machine
    /// (``DigestServerStateMachine/seedNonce(_:opaque:issuedAt:)``); does nothing when Digest is not
    /// offered. It exists for tests, which reproduce RFC 7616 examples; the servers never call it.
    package mutating func seedDigestNonce(_ nonce: String, opaque: String?, issuedAt: Date) {
        for index in machines.indices {
            guard case .digest(var machine) = machines[index] else { continue }
            machine.seedNonce(nonce, opaque: opaque, issuedAt: issuedAt)
            machines[index] = .digest(machine)
        }
    }

    /// A refusal re-offers every scheme, using the deciding scheme's own values (e.g. Digest `stale=true`).
    private mutating func combine(_ outcome: AuthDecision, from index: Int, now: Date) -> AuthDecision {
        switch outcome {
        case .refused(let values, let reason, let credentials):
            var all: [String] = []
            for other in machines.indices {
                all += other == index ? values : machines[other].freshChallengeValues(now: now)
            }
            return .refused(values: all, reason: reason, credentials: credentials)
        case .challenged, .continued, .authenticated, .malformed:
            return outcome
        }
    }
}
