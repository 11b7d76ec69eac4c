import SwiftASN1
import X509

extension HarnessKey {
    /// Signs `bytes` with this key's SHA-256 algorithm (``signatureAlgorithm``): an
    /// `ECDSA-Sig-Value` in DER for P-256, PKCS #1 v1.5 for RSA. CRLs and OCSP responses carry it
    /// in a BIT STRING.
    func signature(over bytes: [UInt8]) throws -> [UInt8] {
        try certificateKey.sign(bytes: bytes, signatureAlgorithm: signatureAlgorithm).rawRepresentation
    }

    /// The `AlgorithmIdentifier` of ``signature(over:)`` (RFC 5758 §3.2: no parameters for ECDSA;
    /// RFC 4055: NULL parameters for RSA).
    func serializeSignatureAlgorithm(into coder: inout DER.Serializer) throws {
        try coder.appendConstructedNode(identifier: .sequence) { coder in
            if isRSA {
                try coder.serialize(ASN1ObjectIdentifier.sha256WithRSAEncryption)
                try coder.serialize(ASN1Null())
            } else {
                try coder.serialize(ASN1ObjectIdentifier.ecdsaWithSHA256)
            }
        }
    }

    /// The value of the `subjectPublicKey` BIT STRING of this key's SubjectPublicKeyInfo: what an
    /// OCSP `issuerKeyHash` and a `byKey` responder ID hash (RFC 6960 §4.1.1, §4.2.1).
    var subjectPublicKeyBits: [UInt8] {
        get throws {
            let spki = try DER.parse(subjectPublicKeyInfoDER)
            return try DER.sequence(spki, identifier: .sequence) { nodes in
                _ = nodes.next()  // the AlgorithmIdentifier
                guard let bits = nodes.next() else { throw PKIError("a SubjectPublicKeyInfo without its key") }
                return Array(try ASN1BitString(derEncoded: bits).bytes)
            }
        }
    }
}

extension ASN1ObjectIdentifier {
    /// `ecdsa-with-SHA256` (RFC 5758).
    static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 2]
    /// `sha256WithRSAEncryption` (RFC 4055).
    static let sha256WithRSAEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 11]
}
