import SwiftASN1

extension PKCS12 {
    /// The object identifiers a PKCS#12 file is made of (RFC 7292, RFC 5652, RFC 8018, RFC 2985).
    enum ObjectIdentifier {
        /// `id-data`: plain content (PKCS#7).
        static let data: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 1]
        /// `id-encryptedData`: password-encrypted content (PKCS#7).
        static let encryptedData: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 6]
        /// `pkcs8ShroudedKeyBag`: an `EncryptedPrivateKeyInfo`.
        static let shroudedKeyBag: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 12, 10, 1, 2]
        /// `certBag`.
        static let certificateBag: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 12, 10, 1, 3]
        /// `x509Certificate`: a certificate bag holding DER.
        static let x509Certificate: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 22, 1]
        /// `friendlyName` attribute (BMPString).
        static let friendlyName: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 20]
        /// `localKeyId` attribute (OCTET STRING): pairs a key with its certificate.
        static let localKeyID: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 21]
        /// `pbeWithSHAAnd3-KeyTripleDES-CBC` (RFC 7292 appendix C).
        static let pbeWithSHAAnd3KeyTripleDESCBC: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 12, 1, 3]
        /// `id-PBES2` (RFC 8018).
        static let pbes2: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 5, 13]
        /// `id-PBKDF2` (RFC 8018).
        static let pbkdf2: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 5, 12]
        /// `id-hmacWithSHA256` (RFC 8018).
        static let hmacWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 113549, 2, 9]
        /// `aes256-CBC-PAD` (RFC 8018, NIST).
        static let aes256CBC: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 1, 42]
        /// `id-sha1`.
        static let sha1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
        /// `id-sha256`.
        static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
    }
}
