import Crypto
import Foundation
import _CryptoExtras

/// The Digest algorithms of RFC 7616 §6.1 (IANA "HTTP Digest Hash Algorithms").
package enum DigestAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// `MD5` (RFC 2617 compatibility).
    case md5 = "MD5"
    /// `MD5-sess`.
    case md5Session = "MD5-sess"
    /// `SHA-256`.
    case sha256 = "SHA-256"
    /// `SHA-256-sess`.
    case sha256Session = "SHA-256-sess"
    /// `SHA-512-256` (FIPS 180-4 SHA-512/256, as corrected by RFC 7616 erratum 4897).
    case sha512_256 = "SHA-512-256"
    /// `SHA-512-256-sess`.
    case sha512_256Session = "SHA-512-256-sess"

    /// Parses an `algorithm=` token case-insensitively; `nil` for unknown algorithms.
    package init?(token: String) {
        let lowered = token.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
        self = match
    }

    /// Whether this is a `-sess` variant (HA1 also covers nonce and cnonce).
    package var isSession: Bool {
        switch self {
        case .md5Session, .sha256Session, .sha512_256Session: return true
        case .md5, .sha256, .sha512_256: return false
        }
    }

    /// Strength used to order challenges, strongest first (RFC 7616 §3.7).
    package var strength: Int {
        switch self {
        case .sha512_256, .sha512_256Session: return 3
        case .sha256, .sha256Session: return 2
        case .md5, .md5Session: return 1
        }
    }

    /// Number of hex characters in a digest of this algorithm.
    package var hexLength: Int {
        switch self {
        case .md5, .md5Session: return 32
        case .sha256, .sha256Session, .sha512_256, .sha512_256Session: return 64
        }
    }

    /// `H(data)` as lowercase hex.
    package func hexDigest(_ data: [UInt8]) -> String {
        switch self {
        case .md5, .md5Session: return Insecure.MD5.hash(data: data).hexString
        case .sha256, .sha256Session: return SHA256.hash(data: data).hexString
        case .sha512_256, .sha512_256Session: return SHA512256.hash(data: data).hexString
        }
    }

    /// `H(string)` over the UTF-8 bytes, as lowercase hex.
    package func hexDigest(_ string: String) -> String {
        hexDigest(Array(string.utf8))
    }
}

/// The `qop` values of RFC 7616 §3.3.
package enum DigestQualityOfProtection: String, Sendable, Hashable, CaseIterable {
    /// Authentication only.
    case auth = "auth"
    /// Authentication with integrity protection of the entity body.
    case authInt = "auth-int"

    /// Parses a qop token case-insensitively.
    package init?(token: String) {
        guard let qop = Self(rawValue: token.lowercased()) else { return nil }
        self = qop
    }
}
