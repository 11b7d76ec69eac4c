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
    /// The token endpoint's ledger when the space accepts the tokens it issues (`token-endpoint:`):
    /// then a token is valid while the ledger says so, and uses count (the space keeps state).
    package var ledger: TokenLedger?

    /// Creates a configuration.
    package init(
        realm: String, validTokens: Set<String>, expiredTokens: Set<String> = [], scope: String? = nil,
        ledger: TokenLedger? = nil
    ) {
        self.ledger = ledger
        self.realm = realm
        self.validTokens = validTokens
        self.expiredTokens = expiredTokens
        self.scope = scope
    }
}
