/// What a Bearer (RFC 6750) resource server accepts.
public struct BearerConfiguration: Sendable, Equatable {
    /// The `realm` announced in challenges.
    public var realm: String
    /// Tokens that authenticate.
    public var validTokens: Set<String>
    /// Tokens that are recognised but expired: answered with `invalid_token`, "The access token expired".
    public var expiredTokens: Set<String>
    /// An optional `scope` announced in challenges.
    public var scope: String?

    /// Creates a configuration.
    public init(realm: String, validTokens: Set<String>, expiredTokens: Set<String> = [], scope: String? = nil) {
        self.realm = realm
        self.validTokens = validTokens
        self.expiredTokens = expiredTokens
        self.scope = scope
    }
}
