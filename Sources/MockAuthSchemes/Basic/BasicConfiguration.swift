/// What a Basic (RFC 7617) server expects.
public struct BasicConfiguration: Sendable, Equatable {
    /// The protection space announced in `realm="…"`.
    public var realm: String
    /// The only accepted user-id (compared byte for byte as UTF-8).
    public var username: String
    /// The only accepted password (compared byte for byte as UTF-8; may contain `:`).
    public var password: String
    /// Whether to announce `charset="UTF-8"` (RFC 7617 §2.1).
    public var announceUTF8Charset: Bool

    /// Creates a configuration.
    public init(realm: String, username: String, password: String, announceUTF8Charset: Bool = true) {
        self.realm = realm
        self.username = username
        self.password = password
        self.announceUTF8Charset = announceUTF8Charset
    }
}
