import Crypto
import Foundation
import NIOSSL

/// A `sha256//BASE64` pin: of a leaf's SubjectPublicKeyInfo or of its whole DER encoding.
struct Pin: Hashable, Sendable {
    /// The 32 bytes of the SHA-256 digest.
    let digest: [UInt8]

    private static let prefix = "sha256//"

    /// Reads `sha256//BASE64`; anything else is a configuration error.
    init(parsing text: String) throws {
        guard text.hasPrefix(Self.prefix),
            let decoded = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))),
            decoded.count == SHA256.byteCount
        else {
            throw SecureFetchError(
                .invalidConfiguration, "\"\(text)\" is not a pin; write sha256// and the base64 of a SHA-256 digest")
        }
        self.digest = Array(decoded)
    }

    /// The pin of `bytes` (an SPKI or a certificate's DER).
    init(hashing bytes: [UInt8]) {
        digest = Array(SHA256.hash(data: bytes))
    }

    /// The pin of `certificate`'s public key (SubjectPublicKeyInfo).
    static func publicKey(of certificate: NIOSSLCertificate) throws -> Pin {
        Pin(hashing: try certificate.extractPublicKey().toSPKIBytes())
    }

    /// The pin of `certificate` itself (its DER encoding).
    static func certificate(_ certificate: NIOSSLCertificate) throws -> Pin {
        Pin(hashing: try certificate.toDERBytes())
    }

    /// `sha256//BASE64`.
    var text: String { Self.prefix + Data(digest).base64EncodedString() }
}
