import Crypto

/// The Digest algorithms this client computes (RFC 7616 section 3.2). `SHA-512-256` is not among
/// them: swift-crypto has no SHA-512/256, so such a challenge is left unanswered.
enum DigestAlgorithm: Sendable, Equatable {
    case md5
    case md5Session
    case sha256
    case sha256Session

    /// The algorithm called `token` (case-insensitive); MD5 when the challenge names none.
    init?(token: String?) {
        switch token?.uppercased() {
        case nil, "MD5": self = .md5
        case "MD5-SESS": self = .md5Session
        case "SHA-256": self = .sha256
        case "SHA-256-SESS": self = .sha256Session
        default: return nil
        }
    }

    /// The token sent back in `algorithm=`.
    var token: String {
        switch self {
        case .md5: "MD5"
        case .md5Session: "MD5-sess"
        case .sha256: "SHA-256"
        case .sha256Session: "SHA-256-sess"
        }
    }

    /// Whether HA1 also covers the nonce and cnonce (the `-sess` variants).
    var isSession: Bool { self == .md5Session || self == .sha256Session }

    /// Higher is stronger: SHA-256 above MD5.
    var strength: Int {
        switch self {
        case .md5, .md5Session: 2
        case .sha256, .sha256Session: 3
        }
    }

    /// The lowercase hex digest of `text`'s UTF-8 bytes.
    func hash(_ text: String) -> String {
        hash(Array(text.utf8))
    }

    /// The lowercase hex digest of `bytes`.
    func hash(_ bytes: [UInt8]) -> String {
        switch self {
        case .md5, .md5Session: Insecure.MD5.hash(data: bytes).hex
        case .sha256, .sha256Session: SHA256.hash(data: bytes).hex
        }
    }
}

extension Digest {
    /// Lowercase hex.
    fileprivate var hex: String {
        map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
