import Crypto
import MockAuthVocabulary
import SwiftASN1

/// PKCS#12 (RFC 7292) files, written in Swift: the client identity as `curl --cert-type P12`,
/// `NIOSSLPKCS12Bundle`, Java and Apple's `SecPKCS12Import` load it.
///
/// ```swift
/// let bytes = try PKCS12.export(pki.clientIdentity, chain: [pki.clientCA], passphrase: "secret",
///                               friendlyName: "MockAuth Client", encoding: .pbes2)
/// ```
///
/// ``PKCS12Encoding`` says which importer reads which encoding. The files protect test keys only.
package enum PKCS12 {
    /// The iteration count of every key derivation and of the MAC: OpenSSL 3's default.
    package static let iterations = 2048

    /// Bundles `identity` and the CA certificates that issued it into a PKCS#12 file protected by
    /// `passphrase`.
    ///
    /// The layout is the one OpenSSL's `PKCS12_create` writes and Apple's importer expects: an
    /// encrypted `SafeContents` with a certificate bag for the leaf and one for each certificate of
    /// `chain`, then a plain `SafeContents` holding the encrypted (shrouded) PKCS#8 key bag. The key
    /// and the leaf carry `friendlyName` and the same `localKeyId` (the SHA-1 of the leaf's DER).
    /// Salts and IVs are random, so two exports of one identity differ.
    ///
    /// - Parameters:
    ///   - identity: the certificate and its private key.
    ///   - chain: CA certificates to include, nearest issuer first.
    ///   - passphrase: protects the bags and keys the MAC.
    ///   - friendlyName: the name importers show (a keychain item's label).
    ///   - encoding: how the bags are encrypted and the MAC computed; ``PKCS12Encoding/legacy``
    ///     (the default) is read everywhere.
    /// - Returns: the DER of the PFX.
    package static func export(
        _ identity: IssuedCertificate, chain: [IssuedCertificate] = [], passphrase: String, friendlyName: String,
        encoding: PKCS12Encoding = .legacy
    ) throws -> [UInt8] {
        do {
            let leaf = identity.derBytes
            let localKeyID = Array(Insecure.SHA1.hash(data: leaf))
            let certificateBags =
                [SafeBag(value: .certificate(leaf), friendlyName: friendlyName, localKeyID: localKeyID)]
                + chain.map { SafeBag(value: .certificate($0.derBytes)) }
            let certificates = try Encryption.encrypt(
                try der { try $0.serializeSequenceOf(certificateBags) }, passphrase: passphrase, encoding: encoding,
                iterations: iterations)
            let key = try Encryption.encrypt(
                identity.key.pkcs8DER, passphrase: passphrase, encoding: encoding, iterations: iterations)
            let keyBag = SafeBag(
                value: .shroudedKey(algorithm: key.algorithm, ciphertext: key.ciphertext), friendlyName: friendlyName,
                localKeyID: localKeyID)
            let authenticatedSafe = try der { coder in
                try coder.serializeSequenceOf([
                    ContentInfo.encryptedData(
                        EncryptedContent(algorithm: certificates.algorithm, ciphertext: certificates.ciphertext)),
                    ContentInfo.data(try der { try $0.serializeSequenceOf([keyBag]) }),
                ])
            }
            let mac = try MAC.macData(
                over: authenticatedSafe, passphrase: passphrase, encoding: encoding, iterations: iterations)
            return try der { try $0.serialize(PFX(authenticatedSafe: authenticatedSafe, macData: mac)) }
        } catch {
            throw PKIError("PKCS#12 export failed: \(error)")
        }
    }

    /// The DER `body` writes.
    private static func der(_ body: (inout DER.Serializer) throws -> Void) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try body(&serializer)
        return serializer.serializedBytes
    }
}
