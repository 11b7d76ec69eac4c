/// Which nonce a Digest answer used, as the server that issued it knows it (`AuthRecord.digestNonce`):
/// what a verdict needs to say whether a client used a `nextnonce` (RFC 7616 §3.5) or the nonce it replaced.
public enum DigestNonceUse: String, Sendable, Codable, Hashable, CaseIterable {
    /// A nonce the server sent in a challenge, still current.
    case challenge
    /// A nonce the server sent as `nextnonce` in `Authentication-Info`, still current.
    case nextNonce = "next-nonce"
    /// A nonce the server had replaced with a `nextnonce`: a correct answer on it gets `stale=true`.
    case replaced
    /// A nonce older than the nonce lifetime: a correct answer on it gets `stale=true`.
    case expired
    /// A nonce the server never issued, or no longer remembers.
    case unknown
}
