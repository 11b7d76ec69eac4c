import SwiftASN1

extension PKCS12 {
    /// One item of a `SafeContents ::= SEQUENCE OF SafeBag` (RFC 7292 §4.2):
    ///
    /// ```
    /// SafeBag ::= SEQUENCE { bagId OBJECT IDENTIFIER, bagValue [0] EXPLICIT ANY,
    ///                        bagAttributes SET OF PKCS12Attribute OPTIONAL }
    /// ```
    struct SafeBag: DERSerializable, Sendable {
        enum Value: Sendable {
            /// `pkcs8ShroudedKeyBag`: `EncryptedPrivateKeyInfo ::= SEQUENCE { encryptionAlgorithm
            /// AlgorithmIdentifier, encryptedData OCTET STRING }` over a PKCS#8 `PrivateKeyInfo`.
            case shroudedKey(algorithm: AlgorithmIdentifier, ciphertext: [UInt8])
            /// `certBag`: `CertBag ::= SEQUENCE { certId x509Certificate, certValue [0] EXPLICIT
            /// OCTET STRING }` holding a certificate's DER.
            case certificate([UInt8])
        }

        var value: Value
        /// The `friendlyName` attribute: the name importers show (a keychain item's label).
        var friendlyName: String?
        /// The `localKeyId` attribute: equal on a key and its certificate, so importers pair them.
        var localKeyID: [UInt8]?

        func serialize(into coder: inout DER.Serializer) throws {
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                switch value {
                case .shroudedKey(let algorithm, let ciphertext):
                    try coder.serialize(ObjectIdentifier.shroudedKeyBag)
                    try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
                        try coder.appendConstructedNode(identifier: .sequence) { coder in
                            try coder.serialize(algorithm)
                            try coder.serialize(ASN1OctetString(contentBytes: ciphertext[...]))
                        }
                    }
                case .certificate(let der):
                    try coder.serialize(ObjectIdentifier.certificateBag)
                    try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
                        try coder.appendConstructedNode(identifier: .sequence) { coder in
                            try coder.serialize(ObjectIdentifier.x509Certificate)
                            try coder.serialize(
                                ASN1OctetString(contentBytes: der[...]), explicitlyTaggedWithTagNumber: 0,
                                tagClass: .contextSpecific)
                        }
                    }
                }
                var attributes: [Attribute] = []
                if let friendlyName { attributes.append(try .friendlyName(friendlyName)) }
                if let localKeyID { attributes.append(try .localKeyID(localKeyID)) }
                if !attributes.isEmpty { try coder.serializeSetOf(attributes) }
            }
        }
    }

    /// `PKCS12Attribute ::= SEQUENCE { attrId OBJECT IDENTIFIER, attrValues SET OF ANY }`.
    struct Attribute: DERSerializable, Sendable {
        var type: ASN1ObjectIdentifier
        var value: ASN1Any

        /// `friendlyName`: a BMPString (UTF-16, big-endian).
        static func friendlyName(_ name: String) throws -> Attribute {
            let utf16 = name.utf16.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
            return Attribute(
                type: ObjectIdentifier.friendlyName,
                value: try ASN1Any(erasing: ASN1BMPString(contentBytes: utf16[...])))
        }

        /// `localKeyId`: an OCTET STRING.
        static func localKeyID(_ identifier: [UInt8]) throws -> Attribute {
            Attribute(
                type: ObjectIdentifier.localKeyID,
                value: try ASN1Any(erasing: ASN1OctetString(contentBytes: identifier[...])))
        }

        func serialize(into coder: inout DER.Serializer) throws {
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                try coder.serialize(type)
                try coder.serializeSetOf([value])
            }
        }
    }
}
