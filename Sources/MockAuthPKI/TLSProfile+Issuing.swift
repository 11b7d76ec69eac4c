import Foundation
import MockAuthVocabulary
import SwiftASN1
import X509

/// How each TLS profile differs from `valid`: exactly one property, and nothing else.
extension HarnessPKI {
    func issueServerCredentials(
        _ profile: TLSProfile, key algorithm: KeyAlgorithm, hostName: String, additionalNames: [String],
        names exactNames: CertificateNames? = nil, pinnedKey chosenPinnedKey: PinnedKey? = nil,
        revocation: RevocationEndpoints? = nil
    ) throws -> ServerCredentials {
        var names = GeneralName.loopbackNames
        for name in additionalNames.map(GeneralName.forHost) where !names.contains(name) { names.append(name) }
        if let exactNames {
            names =
                exactNames.dnsNames.map { GeneralName.dnsName($0.lowercased()) }
                + exactNames.ipAddresses.compactMap(IPAddressLiteral.bytes(of:)).map {
                    GeneralName.ipAddress(ASN1OctetString(contentBytes: ArraySlice($0)))
                }
        }
        let key: HarnessKey
        switch (profile, chosenPinnedKey) {
        case (.pinReissued, _), (_, .primary): key = pinnedKey
        case (_, .backup): key = backupPinnedKey
        case (.rsa1024, nil): key = try HarnessKey.weakRSA1024()
        case (_, nil): key = try HarnessKey(algorithm)
        }
        var fields = CertificateIssuer.LeafFields(
            commonName: "MockAuth \(profile) server",
            subjectAlternativeNames: names,
            extendedKeyUsage: .serverAuth,
            notValidBefore: now.addingTimeInterval(-1 * .day),
            notValidAfter: now.addingTimeInterval(30 * .day)
        )
        var issuer: IssuedCertificate? = intermediate
        var sendsIntermediate = true
        var defect: String?
        var clientRequest: ClientCertificateRequest?

        switch profile {
        case .valid:
            break
        case .selfSigned:
            issuer = nil
            sendsIntermediate = false
            defect = "a self-signed certificate"
        case .expired:
            fields.notValidBefore = now.addingTimeInterval(-32 * .day)
            fields.notValidAfter = now.addingTimeInterval(-2 * .day)
            defect = "a certificate that expired 2 days ago"
        case .notYetValid:
            fields.notValidBefore = now.addingTimeInterval(2 * .day)
            fields.notValidAfter = now.addingTimeInterval(32 * .day)
            defect = "a certificate that becomes valid only in 2 days"
        case .wrongHost:
            fields.subjectAlternativeNames = [.dnsName(Self.wrongHostName)]
            defect = "a certificate for \(Self.wrongHostName) only (the URL's host is \(hostName))"
        case .untrustedRoot:
            issuer = untrustedIntermediate
            defect = "a certificate chained to a root outside the trust file (MockAuth Untrusted Root CA)"
        case .incompleteChain:
            sendsIntermediate = false
            defect = "a chain that lacks its intermediate certificate"
        case .clientCertificateRequired:
            clientRequest = ClientCertificateRequest(
                trusted: clientCA.certificate, required: true, namesTrustedCA: true)
        case .clientCertificateOptional:
            clientRequest = ClientCertificateRequest(
                trusted: clientCA.certificate, required: false, namesTrustedCA: true)
        case .clientCertificateSelection:
            clientRequest = ClientCertificateRequest(
                trusted: clientCA2.certificate, required: true, namesTrustedCA: true)
        case .clientCertificateUnrequested:
            clientRequest = ClientCertificateRequest(
                trusted: clientCA2.certificate, required: false, namesTrustedCA: true)
        case .clientCertificateRejected:
            clientRequest = ClientCertificateRequest(
                trusted: clientCA2.certificate, required: true, namesTrustedCA: false)
        case .pinMismatch:
            defect = "a certificate whose key does not match the pin it was given"
        case .pinReissued:
            // Same key as the original pinned certificate, new serial and validity.
            fields.notValidBefore = now.addingTimeInterval(-3600)
        case .missingSAN:
            fields.commonName = hostName
            fields.subjectAlternativeNames = nil
            defect = "a certificate without subjectAltName (\(hostName) only in its common name)"
        case .expiredIntermediate, .clientAuthOnly, .pathLengthExceeded, .unknownCriticalExtension, .chainOutOfOrder,
            .nameConstraintsViolated, .leafIsCA, .sha1Leaf, .rsa1024, .crossSigned, .tls10Only, .tls11Only,
            .revokedCRL, .revokedOCSP, .ocspUnknown, .ocspExpiredResponse:
            break  // below: they change the chain, an extension or the protocol
        }

        if let exactNames, defect == nil {
            // What a name-matching scenario proves; a defect only for a client that should refuse.
            defect = "a certificate valid only for \(exactNames.summary) (the URL's host is \(hostName))"
        }
        // Certificates served after the leaf and its issuer, or before the issuer (out of order).
        var extra: [Certificate] = []
        var extraFirst = false
        switch profile {
        case .expiredIntermediate:
            issuer = expiredIntermediate
            // The leaf's validity starts before the intermediate expired: the one defect is the CA's date.
            fields.notValidBefore = now.addingTimeInterval(-10 * .day)
            defect = "a chain whose intermediate CA expired 2 days ago"
        case .clientAuthOnly:
            fields.extendedKeyUsage = .clientAuth
            defect = "a certificate for client authentication only (no serverAuth in its extended key usage)"
        case .pathLengthExceeded:
            issuer = subIntermediate
            extra = [intermediate.certificate]
            defect = "a chain through a second intermediate that the first one's pathLenConstraint 0 forbids"
        case .unknownCriticalExtension:
            fields.unknownCriticalExtension = true
            defect =
                "a certificate with a critical extension no client knows (\(CertificateIssuer.unknownExtensionOID))"
        case .chainOutOfOrder:
            extra = [root.certificate]
            extraFirst = true
        case .nameConstraintsViolated:
            issuer = constrainedIntermediate
            defect =
                "a certificate for names its CA may not issue for (its name constraints permit only permitted.test and 10.0.0.0/8)"
        case .crossSigned:
            // A valid chain: the defect is only in the path the server suggests.
            extra = [crossSignedRoot.certificate]
        case .leafIsCA:
            fields.isCertificateAuthority = true
            defect = "a certificate that is itself a CA (basicConstraints cA TRUE)"
        case .sha1Leaf:
            // SHA-1 needs an RSA signer here: the harness's ECDSA intermediates sign with SHA-256 only.
            issuer = try CertificateIssuer.intermediate(
                commonName: "MockAuth RSA Intermediate CA", key: HarnessKey(.rsa2048), issuer: root, now: now)
            fields.signatureAlgorithm = .sha1WithRSAEncryption
            defect = "a certificate signed with SHA-1 (sha1WithRSAEncryption), which collisions broke"
        case .rsa1024:
            defect = "a certificate whose key is 1024-bit RSA (80-bit security; at least 2048 bits are required)"
        case .tls10Only, .tls11Only:
            // A valid certificate: the defect is the protocol the server speaks (``ServerTLS``).
            defect =
                "a server that speaks only \(profile.onlyProtocolVersion?.description ?? "an old TLS"), which RFC 8996 deprecates"
        case .revokedCRL:
            defect = "a certificate its CA has revoked (its CRL lists it)"
        case .revokedOCSP:
            defect = "a certificate its CA has revoked (its OCSP responder says so)"
        case .ocspUnknown:
            defect = "a certificate whose OCSP responder answers 'unknown' (no CRL to fall back on)"
        case .ocspExpiredResponse:
            defect =
                "a certificate whose OCSP responder's only answer ('good') expired a day ago (no CRL to fall back on)"
        case .valid, .selfSigned, .expired, .notYetValid, .wrongHost, .untrustedRoot, .incompleteChain,
            .clientCertificateRequired, .pinMismatch, .pinReissued, .missingSAN, .clientCertificateOptional,
            .clientCertificateSelection, .clientCertificateUnrequested, .clientCertificateRejected:
            break
        }
        if profile.revocationMechanism != nil, revocation == nil {
            throw PKIError("the \(profile) profile needs a revocation server to point its leaf at")
        }
        if let revocation {
            // Both pointers, unless the profile's defect lives in one mechanism: then only that one.
            switch profile.revocationMechanism {
            case .crl: fields.crlDistributionPoint = revocation.crlURL
            case .ocsp: fields.ocspResponder = revocation.ocspURL
            case nil:
                fields.crlDistributionPoint = revocation.crlURL
                fields.ocspResponder = revocation.ocspURL
            }
        }
        let leaf = try CertificateIssuer.leaf(fields, key: key, issuer: issuer)
        var chain = [leaf.certificate]
        if extraFirst { chain += extra }
        if sendsIntermediate, let issuer { chain.append(issuer.certificate) }
        if !extraFirst { chain += extra }
        return ServerCredentials(
            profile: profile, leaf: leaf, chain: chain, defect: defect, clientCertificateRequest: clientRequest)
    }

    /// The only name a `wrong-host` certificate holds. `.invalid` never resolves (RFC 2606).
    public static let wrongHostName = "wrong-host.mockauth.invalid"
}
