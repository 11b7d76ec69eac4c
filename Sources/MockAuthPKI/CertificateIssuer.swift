import Foundation
import MockAuthVocabulary
import SwiftASN1
import X509

/// Issues certificates: the one place that knows which extensions each kind of certificate carries.
///
/// Every leaf it issues satisfies Apple's rules for TLS certificates unless told otherwise:
/// subjectAltName holds the names, EKU serverAuth (or clientAuth), SHA-256 signatures,
/// P-256 or RSA-2048 keys, validity ≤ 825 days.
enum CertificateIssuer {
    /// A self-signed root CA.
    static func root(
        commonName: String, key: HarnessKey, now: Date, validity: ClosedRange<Date>? = nil
    ) throws -> IssuedCertificate {
        let name = try DistinguishedName.mockAuth(commonName)
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: key.publicKey,
            notValidBefore: validity?.lowerBound ?? now.addingTimeInterval(-365 * .day),
            notValidAfter: validity?.upperBound ?? now.addingTimeInterval(365 * .day),
            issuer: name,
            subject: name,
            signatureAlgorithm: key.signatureAlgorithm,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: key.publicKey)
            },
            issuerPrivateKey: key.certificateKey
        )
        return IssuedCertificate(certificate: certificate, key: key)
    }

    /// An intermediate CA under `issuer` that may issue leaves only (`maxPathLength` 0), valid for
    /// `validity` (a year either side of `now` by default).
    static func intermediate(
        commonName: String, key: HarnessKey, issuer: IssuedCertificate, now: Date, maxPathLength: Int? = 0,
        validity: ClosedRange<Date>? = nil, nameConstraints: NameConstraints? = nil
    ) throws -> IssuedCertificate {
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: key.publicKey,
            notValidBefore: validity?.lowerBound ?? now.addingTimeInterval(-364 * .day),
            notValidAfter: validity?.upperBound ?? now.addingTimeInterval(364 * .day),
            issuer: issuer.certificate.subject,
            subject: try DistinguishedName.mockAuth(commonName),
            signatureAlgorithm: issuer.key.signatureAlgorithm,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: maxPathLength))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: key.publicKey)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: issuer.key.publicKey).keyIdentifier)
                if let nameConstraints {
                    Critical(nameConstraints)
                }
            },
            issuerPrivateKey: issuer.key.certificateKey
        )
        return IssuedCertificate(certificate: certificate, key: key)
    }

    /// The fields of a leaf certificate; a profile changes exactly one of them.
    struct LeafFields {
        var commonName: String
        var subjectAlternativeNames: [GeneralName]?
        var extendedKeyUsage: ExtendedKeyUsage.Usage
        var notValidBefore: Date
        var notValidAfter: Date
        /// Extensions a profile adds, as swift-certificates builds them, after the leaf's own
        /// (``unknownCriticalExtension`` for the `unknown-critical-extension` profile).
        var additionalExtensions: [Certificate.Extension] = []
        /// Marks the leaf a CA (basicConstraints cA TRUE, keyCertSign): the `leaf-is-ca` profile.
        var isCertificateAuthority = false
        /// The issuer's signature algorithm instead of its SHA-256 one (SHA-1 for `sha1-leaf`).
        var signatureAlgorithm: Certificate.SignatureAlgorithm?
        /// The URL of the CRL distribution point, if the leaf carries one (RFC 5280 §4.2.1.13).
        var crlDistributionPoint: String?
        /// The URL of the OCSP responder in authority information access, if any (§4.2.2.1).
        var ocspResponder: String?
    }

    /// The OID of an extension no client knows: under 1.3.6.1.4.1.55555 (an example arc), never assigned.
    static let unknownExtensionOID: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 55555, 1, 1]

    /// A critical extension of ``unknownExtensionOID``; its value is a DER NULL: what it says does not
    /// matter, only that it is critical (RFC 5280 §4.2: a client must refuse what it cannot read).
    static let unknownCriticalExtension = Certificate.Extension(
        oid: unknownExtensionOID, critical: true, value: [0x05, 0x00])

    /// A client identity under `issuer`: a fresh P-256 key, clientAuth only, no subjectAltName, valid
    /// from a day ago for 30 days.
    static func clientIdentity(commonName: String, issuer: IssuedCertificate, now: Date) throws -> IssuedCertificate {
        try leaf(
            LeafFields(
                commonName: commonName, subjectAlternativeNames: nil, extendedKeyUsage: .clientAuth,
                notValidBefore: now.addingTimeInterval(-1 * .day), notValidAfter: now.addingTimeInterval(30 * .day)),
            key: HarnessKey(.p256), issuer: issuer)
    }

    /// A leaf over `key`, signed by `issuer` (or by `key` itself when `issuer` is `nil`).
    static func leaf(_ fields: LeafFields, key: HarnessKey, issuer: IssuedCertificate?) throws -> IssuedCertificate {
        let subject = try DistinguishedName.mockAuth(fields.commonName)
        let signer = issuer?.key ?? key
        let keyUsage = KeyUsage(
            digitalSignature: true, keyEncipherment: key.isRSA, keyCertSign: fields.isCertificateAuthority)
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: key.publicKey,
            notValidBefore: fields.notValidBefore,
            notValidAfter: fields.notValidAfter,
            issuer: issuer?.certificate.subject ?? subject,
            subject: subject,
            signatureAlgorithm: fields.signatureAlgorithm ?? signer.signatureAlgorithm,
            extensions: try Certificate.Extensions {
                Critical(
                    fields.isCertificateAuthority
                        ? BasicConstraints.isCertificateAuthority(maxPathLength: nil) : .notCertificateAuthority)
                Critical(keyUsage)
                try ExtendedKeyUsage([fields.extendedKeyUsage])
                SubjectKeyIdentifier(hash: key.publicKey)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: signer.publicKey).keyIdentifier)
                if let names = fields.subjectAlternativeNames {
                    SubjectAlternativeNames(names)
                }
                for added in fields.additionalExtensions {
                    added
                }
                if let url = fields.crlDistributionPoint {
                    CRLDistributionPoints(url: url)
                }
                if let url = fields.ocspResponder {
                    AuthorityInformationAccess([.init(method: .ocspServer, location: .uniformResourceIdentifier(url))])
                }
            },
            issuerPrivateKey: signer.certificateKey
        )
        return IssuedCertificate(certificate: certificate, key: key)
    }
}

extension DistinguishedName {
    static func mockAuth(_ commonName: String) throws -> DistinguishedName {
        try DistinguishedName {
            OrganizationName("MockAuth")
            CommonName(commonName)
        }
    }
}

extension TimeInterval {
    /// One day in seconds.
    static let day: TimeInterval = 86_400
}

extension GeneralName {
    /// The subjectAltName entries of a certificate valid for every loopback name MockAuth serves.
    static let loopbackNames: [GeneralName] = [
        .dnsName("localhost"),
        .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
        .ipAddress(ASN1OctetString(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
    ]
}
