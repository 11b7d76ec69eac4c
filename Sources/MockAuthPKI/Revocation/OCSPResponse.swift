import Crypto
import Foundation
import MockAuthVocabulary
import SwiftASN1
import X509

/// An OCSP response (RFC 6960 §4.2.1), signed by the issuing CA itself (§4.2.2.2: no delegated
/// responder certificate, so `certs` is absent):
///
/// ```
/// OCSPResponse ::= SEQUENCE { responseStatus ENUMERATED, responseBytes [0] EXPLICIT ResponseBytes OPTIONAL }
/// ResponseBytes ::= SEQUENCE { responseType OBJECT IDENTIFIER, response OCTET STRING }
/// BasicOCSPResponse ::= SEQUENCE { tbsResponseData ResponseData, signatureAlgorithm AlgorithmIdentifier,
///     signature BIT STRING, certs [0] EXPLICIT SEQUENCE OF Certificate OPTIONAL }
/// ResponseData ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1, responderID ResponderID,
///     producedAt GeneralizedTime, responses SEQUENCE OF SingleResponse,
///     responseExtensions [1] EXPLICIT Extensions OPTIONAL }
/// ResponderID ::= CHOICE { byName [1] Name, byKey [2] KeyHash }
/// SingleResponse ::= SEQUENCE { certID CertID, certStatus CertStatus, thisUpdate GeneralizedTime,
///     nextUpdate [0] EXPLICIT GeneralizedTime OPTIONAL, … }
/// CertStatus ::= CHOICE { good [0] IMPLICIT NULL, revoked [1] IMPLICIT RevokedInfo, unknown [2] IMPLICIT NULL }
/// RevokedInfo ::= SEQUENCE { revocationTime GeneralizedTime, revocationReason [0] EXPLICIT CRLReason OPTIONAL }
/// ```
struct OCSPResponse {
    /// `OCSPResponseStatus`; only `successful` carries response bytes.
    enum Status: UInt8 {
        case successful = 0
        case malformedRequest = 1
        case internalError = 2
        case unauthorized = 6
    }

    /// The answer about one certificate.
    struct Answer {
        var certificateID: OCSPCertificateID
        var status: RevocationStatus
        /// When a revoked certificate was revoked.
        var revokedAt: Date
    }

    var signer: IssuedCertificate
    var answers: [Answer]
    var producedAt: Date
    var thisUpdate: Date
    /// In the past for an expired response: one a client must not rely on (§4.2.2.1).
    var nextUpdate: Date
    /// The request's nonce extension value, echoed (RFC 8954).
    var nonce: [UInt8]?

    /// `id-pkix-ocsp-basic`.
    static let basicResponseOID: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 48, 1, 1]

    /// A response that carries only an error status.
    static func failure(_ status: Status) -> [UInt8] {
        // SEQUENCE { ENUMERATED status }: fixed bytes, nothing to fail.
        [0x30, 0x03, 0x0A, 0x01, status.rawValue]
    }

    /// The `successful` response, in DER.
    func derEncoded() throws -> [UInt8] {
        let basic = try basicResponse()
        var coder = DER.Serializer()
        try coder.appendConstructedNode(identifier: .sequence) { coder in
            coder.appendPrimitiveNode(identifier: .enumerated) { $0.append(Status.successful.rawValue) }
            try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
                try coder.appendConstructedNode(identifier: .sequence) { coder in
                    try coder.serialize(Self.basicResponseOID)
                    try coder.serialize(ASN1OctetString(contentBytes: basic[...]))
                }
            }
        }
        return coder.serializedBytes
    }

    private func basicResponse() throws -> [UInt8] {
        let data = try responseData()
        var coder = DER.Serializer()
        try coder.appendConstructedNode(identifier: .sequence) { coder in
            coder.serializeRawBytes(data)
            try signer.key.serializeSignatureAlgorithm(into: &coder)
            try coder.serialize(ASN1BitString(bytes: try signer.key.signature(over: data)[...]))
        }
        return coder.serializedBytes
    }

    private func responseData() throws -> [UInt8] {
        let keyHash = Array(Insecure.SHA1.hash(data: try signer.key.subjectPublicKeyBits))
        var coder = DER.Serializer()
        try coder.appendConstructedNode(identifier: .sequence) { coder in
            // version v1 is the DEFAULT: omitted. responderID byKey [2] EXPLICIT KeyHash.
            try coder.serialize(explicitlyTaggedWithTagNumber: 2, tagClass: .contextSpecific) { coder in
                try coder.serialize(ASN1OctetString(contentBytes: keyHash[...]))
            }
            try coder.serialize(try producedAt.generalizedTime)
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                for answer in answers { try serialize(answer, into: &coder) }
            }
            if let nonce {
                try coder.serialize(explicitlyTaggedWithTagNumber: 1, tagClass: .contextSpecific) { coder in
                    try coder.appendConstructedNode(identifier: .sequence) { coder in
                        try coder.appendConstructedNode(identifier: .sequence) { coder in
                            try coder.serialize(OCSPRequest.nonceOID)
                            // The request's extnValue, byte for byte (the DER of `Nonce ::= OCTET STRING`).
                            try coder.serialize(ASN1OctetString(contentBytes: nonce[...]))
                        }
                    }
                }
            }
        }
        return coder.serializedBytes
    }

    private func serialize(_ answer: Answer, into coder: inout DER.Serializer) throws {
        try coder.appendConstructedNode(identifier: .sequence) { coder in
            coder.serializeRawBytes(answer.certificateID.derBytes)
            switch answer.status {
            case .good:
                coder.appendPrimitiveNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) {
                    _ in
                }
            case .revoked:
                try coder.appendConstructedNode(
                    identifier: ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific)
                ) { coder in
                    try coder.serialize(try answer.revokedAt.generalizedTime)
                }
            case .unknown:
                coder.appendPrimitiveNode(identifier: ASN1Identifier(tagWithNumber: 2, tagClass: .contextSpecific)) {
                    _ in
                }
            }
            try coder.serialize(try thisUpdate.generalizedTime)
            try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
                try coder.serialize(try nextUpdate.generalizedTime)
            }
        }
    }
}
