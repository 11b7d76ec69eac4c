import SwiftASN1
import X509

/// The CRL distribution points extension with one URL (RFC 5280 §4.2.1.13), which swift-certificates
/// does not model:
///
/// ```
/// CRLDistributionPoints ::= SEQUENCE SIZE (1..MAX) OF DistributionPoint
/// DistributionPoint ::= SEQUENCE { distributionPoint [0] DistributionPointName OPTIONAL, … }
/// DistributionPointName ::= CHOICE { fullName [0] GeneralNames, … }
/// ```
///
/// The module is implicitly tagged, but a CHOICE cannot be: `[0]` around the name is constructed,
/// and `fullName [0]` replaces the GeneralNames SEQUENCE tag.
struct CRLDistributionPoints: CertificateExtensionConvertible {
    /// `id-ce-cRLDistributionPoints`.
    static let oid: ASN1ObjectIdentifier = [2, 5, 29, 31]

    var url: String

    func makeCertificateExtension() throws -> Certificate.Extension {
        var coder = DER.Serializer()
        try coder.appendConstructedNode(identifier: .sequence) { coder in
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                try coder.appendConstructedNode(
                    identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
                ) { coder in
                    try coder.appendConstructedNode(
                        identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
                    ) { coder in
                        try coder.serialize(GeneralName.uniformResourceIdentifier(url))
                    }
                }
            }
        }
        return Certificate.Extension(oid: Self.oid, critical: false, value: coder.serializedBytes[...])
    }
}
