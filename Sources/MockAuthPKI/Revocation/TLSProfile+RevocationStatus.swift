import MockAuthVocabulary

extension TLSProfile {
    /// What the revocation service says about a leaf of this profile: `revoked` for `revoked-crl`
    /// and `revoked-ocsp` (in the CRL and from the responder alike), `unknown` for `ocsp-unknown`,
    /// `good` for every other.
    public var revocationStatus: RevocationStatus {
        switch self {
        case .revokedCRL, .revokedOCSP: .revoked
        case .ocspUnknown: .unknown
        case .valid, .selfSigned, .expired, .notYetValid, .wrongHost, .untrustedRoot, .incompleteChain,
            .clientCertificateRequired, .pinMismatch, .pinReissued, .missingSAN, .expiredIntermediate, .clientAuthOnly,
            .pathLengthExceeded, .unknownCriticalExtension, .chainOutOfOrder, .nameConstraintsViolated, .leafIsCA,
            .sha1Leaf, .rsa1024, .crossSigned, .clientCertificateOptional, .clientCertificateSelection,
            .clientCertificateUnrequested, .clientCertificateRejected, .tls10Only, .tls11Only:
            .good
        }
    }
}
