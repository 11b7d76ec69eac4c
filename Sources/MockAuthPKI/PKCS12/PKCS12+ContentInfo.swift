import SwiftASN1

extension PKCS12 {
    /// `ContentInfo ::= SEQUENCE { contentType OBJECT IDENTIFIER, content [0] EXPLICIT ANY }`
    /// (RFC 5652), in the two forms PKCS#12 uses: plain data and password-encrypted data.
    enum ContentInfo: DERSerializable, Sendable {
        /// `id-data`: `content` is an OCTET STRING holding these bytes.
        case data([UInt8])
        /// `id-encryptedData`: `content` is an `EncryptedData`.
        case encryptedData(EncryptedContent)

        func serialize(into coder: inout DER.Serializer) throws {
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                switch self {
                case .data(let bytes):
                    try coder.serialize(ObjectIdentifier.data)
                    try coder.serialize(
                        ASN1OctetString(contentBytes: bytes[...]), explicitlyTaggedWithTagNumber: 0,
                        tagClass: .contextSpecific)
                case .encryptedData(let encrypted):
                    try coder.serialize(ObjectIdentifier.encryptedData)
                    try coder.serialize(encrypted, explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific)
                }
            }
        }
    }

    /// Encrypted `id-data` content (RFC 5652 §8):
    ///
    /// ```
    /// EncryptedData ::= SEQUENCE { version INTEGER (0), encryptedContentInfo EncryptedContentInfo }
    /// EncryptedContentInfo ::= SEQUENCE {
    ///     contentType OBJECT IDENTIFIER, contentEncryptionAlgorithm AlgorithmIdentifier,
    ///     encryptedContent [0] IMPLICIT OCTET STRING }
    /// ```
    struct EncryptedContent: DERSerializable, Sendable {
        var algorithm: AlgorithmIdentifier
        var ciphertext: [UInt8]

        func serialize(into coder: inout DER.Serializer) throws {
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                try coder.serialize(0)
                try coder.appendConstructedNode(identifier: .sequence) { coder in
                    try coder.serialize(ObjectIdentifier.data)
                    try coder.serialize(algorithm)
                    try ASN1OctetString(contentBytes: ciphertext[...])
                        .serialize(
                            into: &coder, withIdentifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific))
                }
            }
        }
    }
}
