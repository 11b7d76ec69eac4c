import Crypto
import Foundation
import MockAuthCrypto
import MockAuthVocabulary
import SwiftASN1
import _CryptoExtras

extension PKCS12 {
    /// The password-based encryption of the key bag and of the certificate bags, per encoding.
    enum Encryption {
        /// Encrypts `plaintext` under `passphrase` with a fresh random salt (and IV); returns the
        /// algorithm identifier a reader needs to decrypt it, and the ciphertext.
        static func encrypt(
            _ plaintext: [UInt8], passphrase: String, encoding: PKCS12Encoding, iterations: Int
        ) throws -> (algorithm: AlgorithmIdentifier, ciphertext: [UInt8]) {
            switch encoding {
            case .legacy: try tripleDES(plaintext, passphrase: passphrase, iterations: iterations)
            case .pbes2: try pbes2(plaintext, passphrase: passphrase, iterations: iterations)
            }
        }

        /// `pbeWithSHAAnd3-KeyTripleDES-CBC` (RFC 7292 appendix C): key and IV from the appendix B
        /// derivation over SHA-1 and the BMPString password; parameters
        /// `pkcs-12PbeParams ::= SEQUENCE { salt OCTET STRING, iterations INTEGER }`.
        private static func tripleDES(_ plaintext: [UInt8], passphrase: String, iterations: Int) throws
            -> (algorithm: AlgorithmIdentifier, ciphertext: [UInt8])
        {
            let salt = randomBytes(8)
            let password = KeyDerivation.bmpPassword(passphrase)
            let key = KeyDerivation.derive(
                Insecure.SHA1.self, purpose: .encryptionKey, password: password, salt: salt, iterations: iterations,
                byteCount: TripleDES.keyByteCount)
            let iv = KeyDerivation.derive(
                Insecure.SHA1.self, purpose: .initializationVector, password: password, salt: salt,
                iterations: iterations, byteCount: TripleDES.blockByteCount)
            let ciphertext = try TripleDES(key: key).encryptCBC(plaintext, iv: iv)
            let parameters = SaltAndIterations(salt: salt, iterations: iterations)
            return (try .with(ObjectIdentifier.pbeWithSHAAnd3KeyTripleDESCBC, parameters: parameters), ciphertext)
        }

        /// PBES2 (RFC 8018 §6.2) with PBKDF2-HMAC-SHA256 over the UTF-8 password and AES-256-CBC:
        ///
        /// ```
        /// PBES2-params ::= SEQUENCE { keyDerivationFunc AlgorithmIdentifier {PBKDF2},
        ///                             encryptionScheme AlgorithmIdentifier {aes256-CBC, IV} }
        /// PBKDF2-params ::= SEQUENCE { salt OCTET STRING, iterationCount INTEGER,
        ///                              prf AlgorithmIdentifier {hmacWithSHA256, NULL} }
        /// ```
        private static func pbes2(_ plaintext: [UInt8], passphrase: String, iterations: Int) throws
            -> (algorithm: AlgorithmIdentifier, ciphertext: [UInt8])
        {
            let salt = randomBytes(16)
            let iv = randomBytes(16)
            // PBKDF2's checked API wants 210,000 rounds or more; this file protects test keys only, and
            // its iteration count is what OpenSSL 3 writes.
            let key = try KDF.Insecure.PBKDF2.deriveKey(
                from: Array(passphrase.utf8), salt: salt, using: .sha256, outputByteCount: 32,
                unsafeUncheckedRounds: iterations)
            let ciphertext = try AES._CBC.encrypt(plaintext, using: key, iv: AES._CBC.IV(ivBytes: iv))
            let keyDerivation = try AlgorithmIdentifier.with(
                ObjectIdentifier.pbkdf2,
                parameters: PBKDF2Parameters(
                    salt: salt, iterations: iterations, prf: try .withNullParameters(ObjectIdentifier.hmacWithSHA256)))
            let encryptionScheme = try AlgorithmIdentifier.with(
                ObjectIdentifier.aes256CBC, parameters: ASN1OctetString(contentBytes: iv[...]))
            let parameters = Pair(first: keyDerivation, second: encryptionScheme)
            return (try .with(ObjectIdentifier.pbes2, parameters: parameters), Array(ciphertext))
        }
    }

    /// `n` bytes from the system's cryptographically secure generator (`getrandom`, `arc4random`).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `SEQUENCE { salt OCTET STRING, iterations INTEGER }`: the parameters of the RFC 7292 PBE schemes.
    struct SaltAndIterations: DERSerializable, Sendable {
        var salt: [UInt8]
        var iterations: Int

        func serialize(into coder: inout DER.Serializer) throws {
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                try coder.serialize(ASN1OctetString(contentBytes: salt[...]))
                try coder.serialize(iterations)
            }
        }
    }

    /// `PBKDF2-params` without `keyLength` (the cipher fixes it), as OpenSSL 3 writes them.
    struct PBKDF2Parameters: DERSerializable, Sendable {
        var salt: [UInt8]
        var iterations: Int
        var prf: AlgorithmIdentifier

        func serialize(into coder: inout DER.Serializer) throws {
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                try coder.serialize(ASN1OctetString(contentBytes: salt[...]))
                try coder.serialize(iterations)
                try coder.serialize(prf)
            }
        }
    }

    /// `SEQUENCE { first, second }` of two algorithm identifiers (`PBES2-params`).
    struct Pair: DERSerializable, Sendable {
        var first: AlgorithmIdentifier
        var second: AlgorithmIdentifier

        func serialize(into coder: inout DER.Serializer) throws {
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                try coder.serialize(first)
                try coder.serialize(second)
            }
        }
    }
}
