import Foundation
import MockAuthVocabulary

/// Checks `Authorization: Bearer <token>` against configured tokens (RFC 6750 §3).
///
/// Bearer has no handshake; each request is judged on its own.
package struct BearerServerStateMachine: Sendable {
    /// The configuration being enforced.
    package let configuration: BearerConfiguration

    /// The `error_description` for a token listed in `expiredTokens`.
    package static let expiredDescription = "The access token expired"
    /// The `error_description` for an unknown token.
    package static let unknownDescription = "The access token is not recognised"

    /// Creates a machine.
    package init(configuration: BearerConfiguration) {
        self.configuration = configuration
    }

    /// The challenge: `Bearer realm="…"`, plus `error="invalid_token", error_description="…"` when given.
    package func challengeValue(errorDescription: String? = nil) -> String {
        var parameters = [AuthParameter(name: "realm", value: configuration.realm)]
        if let scope = configuration.scope { parameters.append(AuthParameter(name: "scope", value: scope)) }
        if let errorDescription {
            parameters.append(AuthParameter(name: "error", value: "invalid_token"))
            parameters.append(AuthParameter(name: "error_description", value: errorDescription))
        }
        return AuthChallenge(scheme: "Bearer", parameters: parameters).description
    }

}

extension BearerServerStateMachine: SchemeServer {
    var schemeName: HTTPAuthScheme { .bearer }

    func freshChallengeValues(now: Date) -> [String] { [challengeValue()] }

    func outcome(for credentials: AuthCredentialsValue, request: AuthRequest, now: Date) -> AuthDecision {
        guard let token = credentials.token68 else {
            return .malformed(reason: "invalid_request: Bearer credentials must be a single b64token")
        }
        let presented = PresentedCredentials(
            scheme: .bearer, realm: configuration.realm, verified: false,
            detail: "Bearer token of \(token.utf8.count) characters")
        if let ledger = configuration.ledger { return ledgerOutcome(ledger.use(token), presented: presented) }
        if configuration.validTokens.contains(where: { constantTimeEquals($0, token) }) {
            var verified = presented
            verified.verified = true
            return .authenticated(verified, responseHeaders: [])
        }
        let description =
            configuration.expiredTokens.contains(token) ? Self.expiredDescription : Self.unknownDescription
        return .refused(
            values: [challengeValue(errorDescription: description)], reason: "invalid_token: \(description)",
            credentials: presented)
    }
}

extension BearerServerStateMachine {
    /// The decision on a token the space's ``TokenLedger`` judged; the record names the token's
    /// generation, never the token.
    fileprivate func ledgerOutcome(_ use: TokenLedger.Use, presented: PresentedCredentials) -> AuthDecision {
        var presented = presented
        switch use {
        case .accepted(let generation, let number):
            presented.verified = true
            presented.detail = "access token #\(generation), use \(number)"
            return .authenticated(presented, responseHeaders: [])
        case .expired(let generation, let expiry):
            let words: (detail: String, reason: String) =
                switch expiry {
                case .spent(let uses):
                    (
                        uses == 1 ? "spent after 1 use" : "spent after \(uses) uses",
                        uses == 1 ? "expired after 1 use" : "expired after \(uses) uses"
                    )
                case .lifetime(let seconds):
                    ("older than its \(seconds) s lifetime", "expired: its \(seconds) s lifetime passed")
                case .givenExpired:
                    ("given to the client expired", "had expired when the client was given it")
                }
            presented.detail = "access token #\(generation), \(words.detail)"
            return .refused(
                values: [challengeValue(errorDescription: Self.expiredDescription)],
                reason: "invalid_token: access token #\(generation) \(words.reason)", credentials: presented)
        case .refreshToken:
            presented.detail = "the refresh token, sent as an access token"
            return .refused(
                values: [challengeValue(errorDescription: Self.unknownDescription)],
                reason: "invalid_token: the refresh token was sent as an access token", credentials: presented)
        case .unknown:
            return .refused(
                values: [challengeValue(errorDescription: Self.unknownDescription)],
                reason: "invalid_token: \(Self.unknownDescription)", credentials: presented)
        }
    }
}
