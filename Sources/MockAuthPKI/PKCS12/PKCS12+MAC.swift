import Crypto
import MockAuthVocabulary

extension PKCS12 {
    /// The integrity MAC over the `AuthenticatedSafe` (RFC 7292 §5.1): HMAC keyed with the
    /// appendix B derivation (purpose 3) over the same hash, SHA-1 for the legacy encoding and
    /// SHA-256 for PBES2, as OpenSSL 3 and Apple's importers verify it.
    enum MAC {
        static func macData(
            over content: [UInt8], passphrase: String, encoding: PKCS12Encoding, iterations: Int
        ) throws -> MacData {
            let salt = randomBytes(8)
            let password = KeyDerivation.bmpPassword(passphrase)
            switch encoding {
            case .legacy:
                let digest = authenticationCode(
                    Insecure.SHA1.self, content: content, password: password, salt: salt, iterations: iterations)
                return MacData(
                    digestAlgorithm: try .withNullParameters(ObjectIdentifier.sha1), digest: digest, salt: salt,
                    iterations: iterations)
            case .pbes2:
                let digest = authenticationCode(
                    SHA256.self, content: content, password: password, salt: salt, iterations: iterations)
                return MacData(
                    digestAlgorithm: try .withNullParameters(ObjectIdentifier.sha256), digest: digest, salt: salt,
                    iterations: iterations)
            }
        }

        private static func authenticationCode<Hash: HashFunction>(
            _ hash: Hash.Type, content: [UInt8], password: [UInt8], salt: [UInt8], iterations: Int
        ) -> [UInt8] {
            let key = KeyDerivation.derive(
                hash, purpose: .macKey, password: password, salt: salt, iterations: iterations,
                byteCount: Hash.Digest.byteCount)
            return Array(HMAC<Hash>.authenticationCode(for: content, using: SymmetricKey(data: key)))
        }
    }
}
