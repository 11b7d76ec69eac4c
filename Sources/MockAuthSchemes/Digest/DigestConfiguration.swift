import Foundation

/// What a Digest (RFC 7616) server offers and expects.
package struct DigestConfiguration: Sendable, Equatable {
    /// The protection space; the client's `realm` must equal it.
    package var realm: String
    /// The only accepted user name.
    package var username: String
    /// The password for `username`.
    package var password: String
    /// Offered algorithms, one challenge per algorithm in this order (RFC 7616 §3.7: most preferred first).
    package var algorithms: [DigestAlgorithm]
    /// Offered qop values; empty means RFC 2069 mode (no `qop` offered, none accepted).
    package var qops: [DigestQualityOfProtection]
    /// Accept responses without `qop` (RFC 2069) even though `qops` is not empty. Off by default.
    package var acceptMissingQOP: Bool
    /// How long a nonce stays fresh; a correct response on an older nonce gets `stale=true`.
    package var nonceLifetime: TimeInterval
    /// How many nonces the store remembers before forgetting the oldest.
    package var nonceCapacity: Int
    /// A fixed `opaque`; `nil` mints a random one per nonce (unless ``mintsOpaque`` is off).
    package var opaque: String?
    /// Whether a random `opaque` is minted with each nonce when ``opaque`` is `nil`; off, the
    /// challenges carry none and the answers' `opaque` is not checked (written challenges without one).
    package var mintsOpaque: Bool
    /// Announce `userhash=true` (RFC 7616 §3.4.4).
    package var offerUserhash: Bool
    /// Announce `charset=UTF-8` (RFC 7616 §4).
    package var announceUTF8Charset: Bool
    /// Send a fresh `nextnonce` in `Authentication-Info` after each verified answer (RFC 7616 §3.5), and
    /// retire the nonce it replaces: a correct answer on that nonce gets `stale=true`. The count of
    /// every nonce is then verified from its first use, which must be `nc=00000001` (a continued count
    /// is answered 400). Off, nonces live out their lifetime and only replays are refused.
    package var sendNextNonce: Bool
    /// The response body assumed for `rspauth` with `auth-int` (the decision is made before the body exists).
    package var authIntResponseBody: [UInt8]
    /// Who challenges: a proxy answers in `Proxy-Authentication-Info`, an origin in `Authentication-Info`.
    package var side: ChallengeSide

    /// Creates a configuration; defaults offer SHA-256 then MD5 with `qop="auth, auth-int"`.
    package init(
        realm: String,
        username: String,
        password: String,
        algorithms: [DigestAlgorithm] = [.sha256, .md5],
        qops: [DigestQualityOfProtection] = [.auth, .authInt],
        acceptMissingQOP: Bool = false,
        nonceLifetime: TimeInterval = 300,
        nonceCapacity: Int = 1024,
        opaque: String? = nil,
        offerUserhash: Bool = false,
        mintsOpaque: Bool = true,
        announceUTF8Charset: Bool = true,
        sendNextNonce: Bool = false,
        authIntResponseBody: [UInt8] = [],
        side: ChallengeSide = .origin
    ) {
        self.realm = realm
        self.username = username
        self.password = password
        self.algorithms = algorithms
        self.qops = qops
        self.acceptMissingQOP = acceptMissingQOP
        self.nonceLifetime = nonceLifetime
        self.nonceCapacity = nonceCapacity
        self.opaque = opaque
        self.offerUserhash = offerUserhash
        self.mintsOpaque = mintsOpaque
        self.announceUTF8Charset = announceUTF8Charset
        self.sendNextNonce = sendNextNonce
        self.authIntResponseBody = authIntResponseBody
        self.side = side
    }
}
