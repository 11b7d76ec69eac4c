import Crypto
import Foundation
import MockAuthVocabulary
import X509
import _CryptoExtras

/// A private key the harness generated, with the encodings clients and servers need.
package struct HarnessKey: Sendable {
    private enum Storage: Sendable {
        case p256(P256.Signing.PrivateKey)
        case rsa(_RSA.Signing.PrivateKey)
        /// The 1024-bit key of the `rsa-1024` profile, which no scenario can choose as `key:`.
        case weakRSA(_RSA.Signing.PrivateKey)
    }

    private let storage: Storage

    /// Generates a new key.
    package init(_ algorithm: KeyAlgorithm) throws {
        switch algorithm {
        case .p256: storage = .p256(P256.Signing.PrivateKey())
        case .rsa2048: storage = .rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        }
    }

    /// A 1024-bit RSA key: too weak for any modern client (the `rsa-1024` profile only).
    static func weakRSA1024() throws -> HarnessKey {
        HarnessKey(storage: .weakRSA(try _RSA.Signing.PrivateKey(unsafeKeySize: .init(bitCount: 1024))))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The algorithm this key was generated with; `nil` for the deliberately weak 1024-bit RSA key
    /// of the `rsa-1024` profile, which is no ``KeyAlgorithm``.
    package var algorithm: KeyAlgorithm? {
        switch storage {
        case .p256: .p256
        case .rsa: .rsa2048
        case .weakRSA: nil
        }
    }

    /// Whether this is an RSA key (its certificates also allow keyEncipherment).
    package var isRSA: Bool {
        switch storage {
        case .p256: false
        case .rsa, .weakRSA: true
        }
    }

    /// The key as swift-certificates signs with it.
    package var certificateKey: Certificate.PrivateKey {
        switch storage {
        case .p256(let key): Certificate.PrivateKey(key)
        case .rsa(let key), .weakRSA(let key): Certificate.PrivateKey(key)
        }
    }

    /// The public half, as a certificate holds it.
    package var publicKey: Certificate.PublicKey { certificateKey.publicKey }

    /// The signature algorithm certificates issued by this key use: always SHA-256 based.
    package var signatureAlgorithm: Certificate.SignatureAlgorithm {
        switch storage {
        case .p256: .ecdsaWithSHA256
        case .rsa, .weakRSA: .sha256WithRSAEncryption
        }
    }

    /// PKCS#8 DER of the private key.
    package var pkcs8DER: [UInt8] {
        switch storage {
        case .p256(let key): Array(key.derRepresentation)
        case .rsa(let key), .weakRSA(let key): Array(key.pkcs8DERRepresentation)
        }
    }

    /// PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`).
    package var pkcs8PEM: String {
        switch storage {
        case .p256(let key): key.pemRepresentation + "\n"
        case .rsa(let key), .weakRSA(let key): key.pkcs8PEMRepresentation + "\n"
        }
    }

    /// DER of the SubjectPublicKeyInfo.
    package var subjectPublicKeyInfoDER: [UInt8] {
        switch storage {
        case .p256(let key): Array(key.publicKey.derRepresentation)
        case .rsa(let key), .weakRSA(let key): Array(key.publicKey.derRepresentation)
        }
    }

    /// The pin of this key (SHA-256 of its SubjectPublicKeyInfo).
    package var pins: PublicKeyPins { PublicKeyPins(subjectPublicKeyInfos: [subjectPublicKeyInfoDER]) }

    /// The public-key pin in curl's `--pinnedpubkey` form: `sha256//` + base64 SHA-256 of the SPKI.
    package var pinSHA256: String { pins.curlForm }
}
