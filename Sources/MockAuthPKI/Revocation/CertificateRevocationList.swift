import Foundation
import SwiftASN1
import X509

/// A version 2 CRL (RFC 5280 §5) that `issuer` signs over the serial numbers it revoked:
///
/// ```
/// CertificateList ::= SEQUENCE { tbsCertList TBSCertList, signatureAlgorithm AlgorithmIdentifier,
///                                signatureValue BIT STRING }
/// TBSCertList ::= SEQUENCE { version INTEGER (v2), signature AlgorithmIdentifier, issuer Name,
///     thisUpdate Time, nextUpdate Time, revokedCertificates SEQUENCE OF SEQUENCE {
///     userCertificate CertificateSerialNumber, revocationDate Time } OPTIONAL,
///     crlExtensions [0] EXPLICIT Extensions }
/// ```
///
/// It carries the two extensions §5.2 asks a conforming CA for: the authority key identifier and
/// the CRL number.
struct CertificateRevocationList {
    /// One revoked certificate.
    struct Entry {
        var serialNumber: Certificate.SerialNumber
        var revocationDate: Date
    }

    var issuer: IssuedCertificate
    var entries: [Entry]
    var thisUpdate: Date
    var nextUpdate: Date
    /// The CRL number: monotonically increasing per issuer (§5.2.3).
    var number: Int

    /// The signed CRL, in DER.
    func derEncoded() throws -> [UInt8] {
        var tbs = DER.Serializer()
        try tbs.appendConstructedNode(identifier: .sequence) { coder in
            try coder.serialize(1)  // v2
            try issuer.key.serializeSignatureAlgorithm(into: &coder)
            try coder.serialize(issuer.certificate.subject)
            try thisUpdate.serializeX509Time(into: &coder)
            try nextUpdate.serializeX509Time(into: &coder)
            if !entries.isEmpty {
                try coder.appendConstructedNode(identifier: .sequence) { coder in
                    for entry in entries {
                        try coder.appendConstructedNode(identifier: .sequence) { coder in
                            try coder.serialize(ArraySlice(entry.serialNumber.bytes))
                            try entry.revocationDate.serializeX509Time(into: &coder)
                        }
                    }
                }
            }
            try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
                try coder.appendConstructedNode(identifier: .sequence) { coder in
                    let authorityKeyIdentifier = try AuthorityKeyIdentifier(
                        keyIdentifier: SubjectKeyIdentifier(hash: issuer.key.publicKey).keyIdentifier
                    ).makeCertificateExtension()
                    try coder.serialize(authorityKeyIdentifier)
                    try coder.appendConstructedNode(identifier: .sequence) { coder in
                        try coder.serialize(Self.crlNumberOID)
                        var value = DER.Serializer()
                        try value.serialize(number)
                        try coder.serialize(ASN1OctetString(contentBytes: value.serializedBytes[...]))
                    }
                }
            }
        }
        let tbsBytes = tbs.serializedBytes
        var list = DER.Serializer()
        try list.appendConstructedNode(identifier: .sequence) { coder in
            coder.serializeRawBytes(tbsBytes)
            try issuer.key.serializeSignatureAlgorithm(into: &coder)
            try coder.serialize(ASN1BitString(bytes: try issuer.key.signature(over: tbsBytes)[...]))
        }
        return list.serializedBytes
    }

    /// `id-ce-cRLNumber`.
    static let crlNumberOID: ASN1ObjectIdentifier = [2, 5, 29, 20]
}
