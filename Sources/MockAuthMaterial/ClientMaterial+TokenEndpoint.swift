extension ClientMaterial {
    /// An OAuth 2.0 token endpoint (RFC 6749 §3.2) and what the client holds for it: the client
    /// registration and the refresh token (`MOCKAUTH_TOKEN_URL`, `MOCKAUTH_CLIENT_ID`,
    /// `MOCKAUTH_CLIENT_SECRET`, `MOCKAUTH_REFRESH_TOKEN`). The refresh token goes to this URL
    /// alone, never to a resource server.
    public struct TokenEndpoint: Sendable, Hashable, Codable {
        /// The endpoint's URL (`https://127.0.0.1:PORT/token`).
        public var url: String
        /// The registered client's `client_id`.
        public var clientID: String
        /// The registered client's `client_secret`.
        public var clientSecret: String
        /// The refresh token (RFC 6749 §6).
        public var refreshToken: String

        public init(url: String, clientID: String, clientSecret: String, refreshToken: String) {
            self.url = url
            self.clientID = clientID
            self.clientSecret = clientSecret
            self.refreshToken = refreshToken
        }
    }
}
