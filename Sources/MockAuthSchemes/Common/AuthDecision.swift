import MockAuthVocabulary

/// What the server should answer to a request, decided by an authentication scheme (or by a
/// protection space's schemes together): one type from the scheme machines to the gates, the
/// transcript (``outcome``) and the proxy.
package enum AuthDecision: Sendable, Equatable {
    /// No credentials, or none of an offered scheme: challenge with these values (each one becomes one
    /// `WWW-Authenticate` / `Proxy-Authenticate` line).
    case challenged(values: [String], reason: String)
    /// A connection-based handshake goes on: answer with exactly these values (an NTLM type 2).
    case continued(values: [String], reason: String, credentials: PresentedCredentials?)
    /// The credentials were refused (wrong password, stale nonce, replay …); `values` challenge again
    /// (Digest may mark them stale). `credentials` is what could be read of them.
    case refused(values: [String], reason: String, credentials: PresentedCredentials?)
    /// Verified; add `responseHeaders` (e.g. `Authentication-Info`) to the response.
    case authenticated(PresentedCredentials, responseHeaders: [HeaderField])
    /// Malformed input (bad base64, a truncated NTLM blob, unparsable Digest parameters): answer 400.
    case malformed(reason: String)

    /// The kind of decision, as the transcript records it.
    package var outcome: AuthOutcome {
        switch self {
        case .challenged: .challenged
        case .continued: .continued
        case .refused: .refused
        case .authenticated: .authenticated
        case .malformed: .malformed
        }
    }

    /// The challenge values to answer with; empty for a verified or malformed request.
    package var challengeValues: [String] {
        switch self {
        case .challenged(let values, _), .continued(let values, _, _), .refused(let values, _, _): values
        case .authenticated, .malformed: []
        }
    }

    /// The reason in words ("no credentials", "wrong password for user Mufasa"); for a verified
    /// request, what verified it.
    package var reason: String {
        switch self {
        case .challenged(_, let reason), .continued(_, let reason, _), .refused(_, let reason, _),
            .malformed(let reason):
            reason
        case .authenticated(let credentials, _): credentials.detail
        }
    }

    /// What could be read of the presented credentials, if anything.
    package var credentials: PresentedCredentials? {
        switch self {
        case .continued(_, _, let credentials), .refused(_, _, let credentials): credentials
        case .authenticated(let credentials, _): credentials
        case .challenged, .malformed: nil
        }
    }
}
