/// What an OAuth 2.0 token endpoint (RFC 6749 §3.2) knows: the one client registered with it, the
/// tokens the client starts with, how long an access token lasts at the resource servers, and
/// whether a refresh is granted. Made from a scenario's `token-endpoint:` section.
package struct TokenEndpointConfiguration: Sendable, Equatable {
    /// What the endpoint answers a refresh (RFC 6749 §6).
    package enum Refresh: String, Sendable, Equatable, CaseIterable {
        /// A new access token (the same refresh token stays valid).
        case grants
        /// `400 invalid_grant`: the refresh token was revoked.
        case refuses
    }

    /// The registered client's `client_id`.
    package var clientID: String
    /// The registered client's `client_secret`.
    package var clientSecret: String
    /// The access token the client is given first (`MOCKAUTH_TOKEN`).
    package var accessToken: String
    /// The refresh token the client is given (`MOCKAUTH_REFRESH_TOKEN`).
    package var refreshToken: String
    /// How many requests a resource server accepts each access token for before it answers
    /// `invalid_token` ("expired"); `nil`: no limit.
    package var usesPerToken: Int?
    /// How many seconds a resource server accepts each access token for, counted on the ledger's
    /// clock from when it was issued (the first from the start of the run), before it answers
    /// `invalid_token` ("expired"); `nil`: no limit. A refresh says it as `expires_in`.
    package var lifetimeSeconds: Int?
    /// Whether the access token the client is given has expired already: its first use is
    /// answered `invalid_token` (the tokens a refresh issues are not).
    package var accessTokenExpired: Bool
    /// What a refresh gets.
    package var refresh: Refresh

    package init(
        clientID: String, clientSecret: String, accessToken: String, refreshToken: String, usesPerToken: Int? = nil,
        lifetimeSeconds: Int? = nil, accessTokenExpired: Bool = false, refresh: Refresh = .grants
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.usesPerToken = usesPerToken
        self.lifetimeSeconds = lifetimeSeconds
        self.accessTokenExpired = accessTokenExpired
        self.refresh = refresh
    }

    /// The path the endpoint answers at.
    package static let path = "/token"
    /// The most access tokens one endpoint issues in a run, its first included: a client that
    /// refreshes without end gets `invalid_grant` past it, and the ledger stays small.
    package static let maximumIssuedTokens = 256
    /// The longest lifetime a scenario may give its access tokens, in seconds (a day): a limit
    /// meant to pass within a run is far shorter.
    package static let maximumLifetimeSeconds = 86_400
}
