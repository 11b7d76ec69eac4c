/// A user account: what a server verifies, or what a client is given (`MOCKAUTH_USERNAME`,
/// `_PASSWORD`, `_DOMAIN`; the control API's `credentials`, `{"username", "password", "domain"}`).
public struct Account: Sendable, Hashable, Codable {
    public var username: String
    public var password: String
    /// The NTLM domain, if any.
    public var domain: String?

    public init(username: String, password: String, domain: String? = nil) {
        self.username = username
        self.password = password
        self.domain = domain
    }
}
