import MockAuthVocabulary

extension TLSProfile {
    /// What the revocation service says about a leaf of this profile: `revoked` for `revoked-crl`
    /// and `revoked-ocsp` (in the CRL and from the responder alike), `unknown` for `ocsp-unknown`,
    /// `good` for every other.
    public var revocationStatus: RevocationStatus {
        switch self {
        case .revokedCRL, .revokedOCSP: .revoked
        case .ocspUnknown: .unknown
        case .ocspExpiredResponse: .good
        case .valid, .selfSigned, .expired, .notYetValid, .wrongHost, .untrustedRoot, .incompleteChain,
            .clientCertificateRequired, .pinMismatch, .pinReissued, .missingSAN, .expiredIntermediate, .clientAuthOnly,
            .pathLengthExceeded, .unknownCriticalExtension, .chainOutOfOrder, .nameConstraintsViolated, .leafIsCA,
            .sha1Leaf, .rsa1024, .crossSigned, .clientCertificateOptional, .clientCertificateSelection,
            .clientCertificateUnrequested, .clientCertificateRejected, .tls10Only, .tls11Only:
            .good
        }
    }

    /// Whether the OCSP responder answers about a leaf of this profile in a response whose
    /// nextUpdate is already past (RFC 6960 §4.2.2.1): only for `ocsp-expired-response`.
    public var revocationResponseExpired: Bool {
        switch self {
        case .ocspExpiredResponse: true
        case .valid, .selfSigned, .expired, .notYetValid, .wrongHost, .untrustedRoot, .incompleteChain,
            .clientCertificateRequired, .pinMismatch, .pinReissued, .missingSAN, .expiredIntermediate, .clientAuthOnly,
            .pathLengthExceeded, .unknownCriticalExtension, .chainOutOfOrder, .nameConstraintsViolated, .leafIsCA,
            .sha1Leaf, .rsa1024, .crossSigned, .clientCertificateOptional, .clientCertificateSelection,
            .clientCertificateUnrequested, .clientCertificateRejected, .tls10Only, .tls11Only, .revokedCRL,
            .revokedOCSP, .ocspUnknown:
            false
        }
    }
}
