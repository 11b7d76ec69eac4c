/// What a Basic (RFC 7617) server expects.
package struct BasicConfiguration: Sendable, Equatable {
    /// The protection space announced in `realm="…"`.
    package var realm: String
    /// The only accepted user-id (compared byte for byte as UTF-8).
    package var username: String
    /// The only accepted password (compared byte for byte as UTF-8; may contain `:`).
    package var password: String
    /// Whether to announce `charset="UTF-8"` (RFC 7617 §2.1).
    package var announceUTF8Charset: Bool

    /// Creates a configuration.
    package init(realm: String, username: String, password: String, announceUTF8Charset: Bool = true) {
        self.realm = realm
        self.username = username
        self.password = password
        self.announceUTF8Charset = announceUTF8Charset
    }
}
