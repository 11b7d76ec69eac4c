import Foundation
import MockAuthVocabulary

/// Issues Digest challenges (RFC 7616) and verifies `Authorization: Digest …` against a server-side nonce store.
///
/// Nonces come from the injected ``AuthRandomSource``; time is passed in as `now`.
package struct DigestServerStateMachine: Sendable {
    /// The configuration being enforced.
    package let configuration: DigestConfiguration
    var nonces: DigestNonceStore
    var random: AuthRandomSource

    /// Creates a machine with an empty nonce store.
    package init(configuration: DigestConfiguration, random: AuthRandomSource = .system) {
        self.configuration = configuration
        self.nonces = DigestNonceStore(capacity: configuration.nonceCapacity)
        self.random = random
    }

    /// The issued nonces and their states.
    package var nonceStore: DigestNonceStore { nonces }

    /// Records a nonce as issued at `issuedAt` (tests use this to reproduce RFC examples).
    package mutating func seedNonce(_ nonce: String, opaque: String?, issuedAt: Date) {
        nonces.insert(nonce, opaque: opaque, issuedAt: issuedAt)
    }

    /// Mints a nonce and returns one challenge value per configured algorithm, in configured order.
    package mutating func makeChallengeValues(now: Date, stale: Bool = false) -> [String] {
        nonces.removeNonces(issuedBefore: now.addingTimeInterval(-10 * configuration.nonceLifetime))
        let opaque = configuration.opaque ?? (configuration.mintsOpaque ? Base64.encode(random.bytes(33)) : nil)
        let nonce = mintNonce(now: now, opaque: opaque)
        return challengeValues(nonce: nonce, opaque: nonces.state(of: nonce)?.opaque, stale: stale)
    }

    mutating func mintNonce(now: Date, opaque: String?, asNextNonce: Bool = false) -> String {
        let nonce = Base64.encode(random.bytes(33))
        nonces.insert(nonce, opaque: opaque, issuedAt: now, asNextNonce: asNextNonce)
        return nonce
    }

    /// Renders the challenge values for an existing nonce.
    package func challengeValues(nonce: String, opaque: String?, stale: Bool) -> [String] {
        configuration.algorithms.map { algorithm in
            var parameters = [AuthParameter(name: "realm", value: configuration.realm)]
            if !configuration.qops.isEmpty {
                let qops = configuration.qops.map(\.rawValue).joined(separator: ", ")
                parameters.append(AuthParameter(name: "qop", value: qops))
            }
            parameters.append(AuthParameter(name: "algorithm", value: algorithm.rawValue, isQuoted: false))
            parameters.append(AuthParameter(name: "nonce", value: nonce))
            if let opaque { parameters.append(AuthParameter(name: "opaque", value: opaque)) }
            if stale { parameters.append(AuthParameter(name: "stale", value: "true", isQuoted: false)) }
            if configuration.announceUTF8Charset {
                parameters.append(AuthParameter(name: "charset", value: "UTF-8", isQuoted: false))
            }
            if configuration.offerUserhash {
                parameters.append(AuthParameter(name: "userhash", value: "true", isQuoted: false))
            }
            return AuthChallenge(scheme: "Digest", parameters: parameters).description
        }
    }
}

extension DigestServerStateMachine: SchemeServer {
    var schemeName: HTTPAuthScheme { .digest }

    mutating func freshChallengeValues(now: Date) -> [String] {
        makeChallengeValues(now: now)
    }

    mutating func outcome(for value: AuthCredentialsValue, request: AuthRequest, now: Date) -> AuthDecision {
        let credentials: DigestCredentials
        do {
            credentials = try DigestCredentials(parsing: value)
        } catch {
            return .malformed(reason: "malformed Digest credentials: \(error.reason)")
        }
        return verify(credentials, request: request, now: now)
    }
}
