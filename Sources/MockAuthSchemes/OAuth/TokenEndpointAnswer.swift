import MockAuthVocabulary

/// What a token endpoint answers one request (RFC 6749 §5.1, §5.2), and what the transcript keeps
/// of it: the grant asked for and its outcome, in words that name no secret.
package struct TokenEndpointAnswer: Sendable, Equatable {
    /// 200, 400 or 401.
    package var status: Int
    /// The JSON body.
    package var body: String
    /// Extra fields beside `Content-Type`: `Cache-Control: no-store` and `Pragma: no-cache` on every
    /// answer (§5.1), `WWW-Authenticate` on a 401 (§5.2).
    package var fields: [HeaderField]
    /// The outcome: `authenticated` for a token issued, `refused` for an OAuth error, `challenged`
    /// for a request with no client authentication, `malformed` for one that could not be read.
    package var outcome: AuthOutcome
    /// The grant type asked for, as the client wrote it (cut), or `nil`.
    package var grantType: String?
    /// The `client_id` the client authenticated as, if it could be read.
    package var clientID: String?
    /// How the client authenticated: `Basic` (the header), `client_secret_post` (the body), `nil`.
    package var clientAuthentication: String?
    /// What happened, for the transcript: "refresh_token grant: issued access token #2",
    /// "refresh_token grant: invalid_grant (the refresh token was revoked)".
    package var reason: String

    /// The media type of every answer.
    package static let contentType = "application/json;charset=UTF-8"
}
