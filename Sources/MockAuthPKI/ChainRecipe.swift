import Foundation
import MockAuthVocabulary
import X509

/// How a profile's chain is issued: the leaf's fields, its issuer, what the server sends beside it,
/// and the one defect it carries, in words.
struct ChainRecipe {
    var fields: CertificateIssuer.LeafFields
    /// The leaf's issuer; `nil`: the leaf signs itself.
    var issuer: IssuedCertificate?
    /// Whether the server sends the issuer after the leaf.
    var sendsIntermediate = true
    /// Certificates the server sends after the leaf and its issuer (or between them, ``extraFirst``).
    var extra: [Certificate] = []
    /// Whether ``extra`` goes before the issuer (a chain out of order).
    var extraFirst = false
    /// What is wrong with the chain, in words; `nil` for a chain a correct client accepts.
    var defect: String?
}

extension HarnessPKI {
    /// How `profile`'s chain differs from `valid`'s, whose leaf `fields` it starts from: exactly one
    /// property, and nothing else. The one switch over profiles that decides a chain (what else a
    /// profile changes is ``TLSProfile/traits``).
    func chainRecipe(_ profile: TLSProfile, fields: CertificateIssuer.LeafFields, hostName: String) throws
        -> ChainRecipe
    {
        var recipe = ChainRecipe(fields: fields, issuer: intermediate)
        switch profile {
        case .valid, .clientCertificateRequired, .clientCertificateOptional, .clientCertificateSelection,
            .clientCertificateUnrequested, .clientCertificateRejected, .tls13Only, .serverNameRequired:
            // A valid chain: what is particular is the handshake (``TLSProfile/traits``), not a defect.
            break
        case .selfSigned:
            recipe.issuer = nil
            recipe.sendsIntermediate = false
            recipe.defect = "a self-signed certificate"
        case .expired:
            recipe.fields.notValidBefore = now.addingTimeInterval(-32 * .day)
            recipe.fields.notValidAfter = now.addingTimeInterval(-2 * .day)
            recipe.defect = "a certificate that expired 2 days ago"
        case .notYetValid:
            recipe.fields.notValidBefore = now.addingTimeInterval(2 * .day)
            recipe.fields.notValidAfter = now.addingTimeInterval(32 * .day)
            recipe.defect = "a certificate that becomes valid only in 2 days"
        case .wrongHost:
            recipe.fields.subjectAlternativeNames = [.dnsName(Self.wrongHostName)]
            recipe.defect = "a certificate for \(Self.wrongHostName) only (the URL's host is \(hostName))"
        case .untrustedRoot:
            recipe.issuer = untrustedIntermediate
            recipe.defect = "a certificate chained to a root outside the trust file (MockAuth Untrusted Root CA)"
        case .incompleteChain:
            recipe.sendsIntermediate = false
            recipe.defect = "a chain that lacks its intermediate certificate"
        case .pinMismatch:
            recipe.defect = "a certificate whose key does not match the pin it was given"
        case .pinReissued:
            // Same key as the original pinned certificate (the key is chosen by the caller), new
            // serial and validity.
            recipe.fields.notValidBefore = now.addingTimeInterval(-3600)
        case .missingSAN:
            recipe.fields.commonName = hostName
            recipe.fields.subjectAlternativeNames = nil
            recipe.defect = "a certificate without subjectAltName (\(hostName) only in its common name)"
        case .expiredIntermediate:
            recipe.issuer = expiredIntermediate
            // The leaf's validity starts before the intermediate expired: the one defect is the CA's date.
            recipe.fields.notValidBefore = now.addingTimeInterval(-10 * .day)
            recipe.defect = "a chain whose intermediate CA expired 2 days ago"
        case .clientAuthOnly:
            recipe.fields.extendedKeyUsage = .clientAuth
            recipe.defect = "a certificate for client authentication only (no serverAuth in its extended key usage)"
        case .pathLengthExceeded:
            recipe.issuer = subIntermediate
            recipe.extra = [intermediate.certificate]
            recipe.defect = "a chain through a second intermediate that the first one's pathLenConstraint 0 forbids"
        case .unknownCriticalExtension:
            recipe.fields.additionalExtensions.append(CertificateIssuer.unknownCriticalExtension)
            recipe.defect =
                "a certificate with a critical extension no client knows (\(CertificateIssuer.unknownExtensionOID))"
        case .chainOutOfOrder:
            recipe.extra = [root.certificate]
            recipe.extraFirst = true
        case .nameConstraintsViolated:
            recipe.issuer = constrainedIntermediate
            recipe.defect =
                "a certificate for names its CA may not issue for (its name constraints permit only permitted.test and 10.0.0.0/8)"
        case .crossSigned:
            // A valid chain: the defect is only in the path the server suggests.
            recipe.extra = [crossSignedRoot.certificate]
        case .leafIsCA:
            recipe.fields.isCertificateAuthority = true
            recipe.defect = "a certificate that is itself a CA (basicConstraints cA TRUE)"
        case .sha1Leaf:
            // SHA-1 needs an RSA signer here: the harness's ECDSA intermediates sign with SHA-256 only.
            recipe.issuer = try CertificateIssuer.intermediate(
                commonName: "MockAuth RSA Intermediate CA", key: HarnessKey(.rsa2048), issuer: root, now: now)
            recipe.fields.signatureAlgorithm = .sha1WithRSAEncryption
            recipe.defect = "a certificate signed with SHA-1 (sha1WithRSAEncryption), which collisions broke"
        case .rsa1024:
            // The weak key is chosen by the caller.
            recipe.defect = "a certificate whose key is 1024-bit RSA (80-bit security; at least 2048 bits are required)"
        case .tls10Only, .tls11Only:
            // A valid certificate: the defect is the protocol the server speaks (``ServerTLS``).
            recipe.defect =
                "a server that speaks only \(profile.traits.onlyProtocolVersion?.description ?? "an old TLS"), which RFC 8996 deprecates"
        case .revokedCRL:
            recipe.defect = "a certificate its CA has revoked (its CRL lists it)"
        case .revokedOCSP:
            recipe.defect = "a certificate its CA has revoked (its OCSP responder says so)"
        case .ocspUnknown:
            recipe.defect = "a certificate whose OCSP responder answers 'unknown' (no CRL to fall back on)"
        case .ocspExpiredResponse:
            recipe.defect =
                "a certificate whose OCSP responder's only answer ('good') expired a day ago (no CRL to fall back on)"
        }
        return recipe
    }
}
