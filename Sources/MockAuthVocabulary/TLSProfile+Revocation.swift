/// Where a client looks up whether a certificate is revoked.
public enum RevocationMechanism: String, Sendable, Hashable, Codable, CaseIterable {
    /// The CRL at the leaf's CRL distribution point (RFC 5280 §5).
    case crl
    /// The OCSP responder named in the leaf's authority information access (RFC 6960).
    case ocsp
}

extension TLSProfile {
    /// The revocation pointer a leaf of this profile carries when the scenario has a revocation
    /// server: the one mechanism its defect lives in, or `nil` when the leaf points to both (every
    /// profile whose defect is not its revocation status).
    public var revocationMechanism: RevocationMechanism? {
        switch self {
        case .revokedCRL: .crl
        case .revokedOCSP, .ocspUnknown, .ocspExpiredResponse: .ocsp
        case .valid, .selfSigned, .expired, .notYetValid, .wrongHost, .untrustedRoot, .incompleteChain,
            .clientCertificateRequired, .pinMismatch, .pinReissued, .missingSAN, .expiredIntermediate, .clientAuthOnly,
            .pathLengthExceeded, .unknownCriticalExtension, .chainOutOfOrder, .nameConstraintsViolated, .leafIsCA,
            .sha1Leaf, .rsa1024, .crossSigned, .clientCertificateOptional, .clientCertificateSelection,
            .clientCertificateUnrequested, .clientCertificateRejected, .tls10Only, .tls11Only:
            nil
        }
    }
}
