import MockAuthVocabulary

/// What the server should answer to a request, decided by an authentication scheme.
package enum AuthDecision: Sendable, Equatable {
    /// Answer 401/407 with these challenge values (each one becomes one `WWW-Authenticate`/`Proxy-Authenticate`
    /// line), with the reason in words (e.g. "no credentials", "wrong password for user Mufasa").
    case challenge(values: [String], reason: String, credentials: PresentedCredentials?)
    /// Credentials verified; add `responseHeaders` (e.g. `Authentication-Info`) to the response.
    case authenticated(PresentedCredentials, responseHeaders: [HeaderField])
    /// Malformed input (bad base64, truncated NTLM blob, unparsable Digest params): answer 400; reason in words.
    case malformed(reason: String)
}

/// A scheme's answer before it is combined with other schemes' challenges.
enum SchemeResult: Sendable, Equatable {
    /// The handshake continues: answer with exactly these values (e.g. an NTLM type 2).
    case proceed(values: [String], reason: String, credentials: PresentedCredentials?)
    /// The credentials were refused; `values` are this scheme's fresh challenges (Digest may mark them stale).
    case rejected(values: [String], reason: String, credentials: PresentedCredentials?)
    /// Verified.
    case authenticated(PresentedCredentials, responseHeaders: [HeaderField])
    /// Answer 400.
    case malformed(reason: String)

    /// The decision when this scheme is the only one offered.
    var decision: AuthDecision {
        switch self {
        case .proceed(let values, let reason, let credentials), .rejected(let values, let reason, let credentials):
            return .challenge(values: values, reason: reason, credentials: credentials)
        case .authenticated(let credentials, let headers):
            return .authenticated(credentials, responseHeaders: headers)
        case .malformed(let reason):
            return .malformed(reason: reason)
        }
    }
}
