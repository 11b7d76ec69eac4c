/// Which of the harness's pinned keys a server's leaf certificate carries (`tls: { pinned-key: … }`).
/// The client's pin set (`MOCKAUTH_PIN_SHA256`) holds both: the primary key and the backup a server
/// rotates to.
package enum PinnedKey: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The key clients are told to pin first.
    case primary
    /// The backup key in the same pin set: a server that rotated to it is still pinned.
    case backup

    package var description: String { rawValue }
}

/// What the client is told to pin (`client.pin`).
package enum PinTarget: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The server's key: the harness's primary and backup pinned keys (`pin: true`).
    case serverKey = "server-key"
    /// The intermediate CA's key (`pin: intermediate`): a chain through it matches.
    case intermediate

    package var description: String { rawValue }
}
