/// What a Bearer (RFC 6750) resource server accepts.
package struct BearerConfiguration: Sendable, Equatable {
    /// The `realm` announced in challenges.
    package var realm: String
    /// Tokens that authenticate.
    package var validTokens: Set<String>
    /// Tokens that are recognised but expired: answered with `invalid_token`, "The access token expired".
    package var expiredTokens: Set<String>
    /// An optional `scope` announced in challenges.
    package var scope: String?

    /// Creates a configuration.
    package init(realm: String, validTokens: Set<String>, expiredTokens: Set<String> = [], scope: String? = nil) {
        self.realm = realm
        self.validTokens = validTokens
        self.expiredTokens = expiredTokens
        self.scope = scope
    }
}
