import SwiftASN1

extension PKCS12 {
    /// The whole file (RFC 7292 §4):
    ///
    /// ```
    /// PFX ::= SEQUENCE { version INTEGER {v3(3)}, authSafe ContentInfo, macData MacData OPTIONAL }
    /// ```
    ///
    /// `authSafe` is `id-data` holding the DER of `AuthenticatedSafe ::= SEQUENCE OF ContentInfo`;
    /// the MAC covers exactly those bytes.
    struct PFX: DERSerializable, Sendable {
        /// The DER of the `AuthenticatedSafe`.
        var authenticatedSafe: [UInt8]
        var macData: MacData

        func serialize(into coder: inout DER.Serializer) throws {
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                try coder.serialize(3)
                try coder.serialize(ContentInfo.data(authenticatedSafe))
                try coder.serialize(macData)
            }
        }
    }

    /// ```
    /// MacData ::= SEQUENCE { mac DigestInfo, macSalt OCTET STRING, iterations INTEGER DEFAULT 1 }
    /// DigestInfo ::= SEQUENCE { digestAlgorithm AlgorithmIdentifier, digest OCTET STRING }
    /// ```
    struct MacData: DERSerializable, Sendable {
        var digestAlgorithm: AlgorithmIdentifier
        var digest: [UInt8]
        var salt: [UInt8]
        var iterations: Int

        func serialize(into coder: inout DER.Serializer) throws {
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                try coder.appendConstructedNode(identifier: .sequence) { coder in
                    try coder.serialize(digestAlgorithm)
                    try coder.serialize(ASN1OctetString(contentBytes: digest[...]))
                }
                try coder.serialize(ASN1OctetString(contentBytes: salt[...]))
                try coder.serialize(iterations)
            }
        }
    }
}
