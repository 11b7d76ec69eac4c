import SwiftASN1

/// An OCSP request as a client sends it (RFC 6960 §4.1.1), read far enough to answer it:
///
/// ```
/// OCSPRequest ::= SEQUENCE { tbsRequest TBSRequest, optionalSignature [0] EXPLICIT Signature OPTIONAL }
/// TBSRequest ::= SEQUENCE { version [0] EXPLICIT Version DEFAULT v1,
///     requestorName [1] EXPLICIT GeneralName OPTIONAL, requestList SEQUENCE OF Request,
///     requestExtensions [2] EXPLICIT Extensions OPTIONAL }
/// Request ::= SEQUENCE { reqCert CertID, singleRequestExtensions [0] EXPLICIT Extensions OPTIONAL }
/// ```
///
/// Anything else in it is skipped; anything malformed is a ``PKIError``, which the responder turns
/// into `malformedRequest`.
struct OCSPRequest: Sendable, Equatable {
    /// The certificates asked about, in order.
    var certificateIDs: [OCSPCertificateID]
    /// The contents of the request's nonce extnValue (the DER of `Nonce ::= OCTET STRING`, RFC
    /// 8954), echoed in the response as received.
    var nonce: [UInt8]?

    /// `id-pkix-ocsp-nonce`.
    static let nonceOID: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 48, 1, 2]

    init(certificateIDs: [OCSPCertificateID], nonce: [UInt8]? = nil) {
        self.certificateIDs = certificateIDs
        self.nonce = nonce
    }

    /// Reads a DER request.
    init(derEncoded bytes: [UInt8]) throws {
        let root: ASN1Node
        do { root = try DER.parse(bytes) } catch { throw PKIError("an OCSP request that is not DER: \(error)") }
        do {
            (certificateIDs, nonce) = try DER.sequence(root, identifier: .sequence) { nodes in
                guard let tbs = nodes.next() else { throw PKIError("an OCSP request without its TBSRequest") }
                let read = try Self.readTBSRequest(tbs)
                while nodes.next() != nil {}  // optionalSignature: the responder does not require one
                return read
            }
        } catch let error as PKIError {
            throw error
        } catch {
            throw PKIError("a malformed OCSP request: \(error)")
        }
        guard !certificateIDs.isEmpty else { throw PKIError("an OCSP request that asks about no certificate") }
    }

    private static let version = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
    private static let requestorName = ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific)
    private static let requestExtensions = ASN1Identifier(tagWithNumber: 2, tagClass: .contextSpecific)

    private static func readTBSRequest(_ node: ASN1Node) throws -> ([OCSPCertificateID], [UInt8]?) {
        try DER.sequence(node, identifier: .sequence) { nodes in
            var next = nodes.next()
            // version [0] and requestorName [1] are optional and come first, in that order.
            for optional in [version, requestorName] where next?.identifier == optional { next = nodes.next() }
            guard let list = next else { throw PKIError("an OCSP request without its requestList") }
            let ids: [OCSPCertificateID] = try DER.sequence(list, identifier: .sequence) { requests in
                var ids: [OCSPCertificateID] = []
                while let request = requests.next() {
                    ids.append(
                        try DER.sequence(request, identifier: .sequence) { fields in
                            guard let certID = fields.next() else {
                                throw PKIError("an OCSP Request without its CertID")
                            }
                            while fields.next() != nil {}  // singleRequestExtensions
                            return try OCSPCertificateID(derEncoded: certID)
                        })
                }
                return ids
            }
            var nonce: [UInt8]?
            if let extensions = nodes.next(), extensions.identifier == requestExtensions {
                nonce = try readNonce(extensions)
            }
            while nodes.next() != nil {}
            return (ids, nonce)
        }
    }

    private static func readNonce(_ node: ASN1Node) throws -> [UInt8]? {
        try DER.explicitlyTagged(node, tagNumber: 2, tagClass: .contextSpecific) { extensions in
            var nonce: [UInt8]?
            try DER.sequence(extensions, identifier: .sequence) { nodes in
                while let node = nodes.next() {
                    try DER.sequence(node, identifier: .sequence) { fields in
                        guard let oidNode = fields.next() else { return }
                        let oid = try ASN1ObjectIdentifier(derEncoded: oidNode)
                        var value = fields.next()
                        if let critical = value, critical.identifier == .boolean { value = fields.next() }
                        while fields.next() != nil {}
                        if oid == nonceOID, let value {
                            nonce = Array(try ASN1OctetString(derEncoded: value).bytes)
                        }
                    }
                }
            }
            return nonce
        }
    }
}

/// `CertID ::= SEQUENCE { hashAlgorithm AlgorithmIdentifier, issuerNameHash OCTET STRING,
/// issuerKeyHash OCTET STRING, serialNumber CertificateSerialNumber }` (RFC 6960 §4.1.1), with its
/// DER as received: the response repeats it byte for byte.
struct OCSPCertificateID: Sendable, Equatable {
    /// The hash algorithm's OID (SHA-1 or SHA-256 in practice).
    var hashAlgorithm: ASN1ObjectIdentifier
    var issuerNameHash: [UInt8]
    var issuerKeyHash: [UInt8]
    /// The serial number's INTEGER content bytes.
    var serialNumber: [UInt8]
    /// The whole CertID as the client encoded it.
    var derBytes: [UInt8]

    init(derEncoded node: ASN1Node) throws {
        var serializer = DER.Serializer()
        serializer.serialize(node)
        derBytes = serializer.serializedBytes
        (hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber) = try DER.sequence(
            node, identifier: .sequence
        ) { nodes in
            guard let algorithm = nodes.next(), let nameHash = nodes.next(), let keyHash = nodes.next(),
                let serial = nodes.next()
            else { throw PKIError("an OCSP CertID with fewer than four fields") }
            let oid = try DER.sequence(algorithm, identifier: .sequence) { parts in
                guard let oid = parts.next() else { throw PKIError("an OCSP CertID without its hash algorithm") }
                while parts.next() != nil {}
                return try ASN1ObjectIdentifier(derEncoded: oid)
            }
            let serialBytes = try ArraySlice<UInt8>(derEncoded: serial)
            return (
                oid, Array(try ASN1OctetString(derEncoded: nameHash).bytes),
                Array(try ASN1OctetString(derEncoded: keyHash).bytes), Array(serialBytes)
            )
        }
    }
}
