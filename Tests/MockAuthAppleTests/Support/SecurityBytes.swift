#if canImport(Security)
    import Foundation
    import Security

    /// The DER encoding of `certificate` (`SecCertificateCopyData`).
    func derBytes(of certificate: SecCertificate) -> [UInt8] {
        Array(SecCertificateCopyData(certificate) as Data)
    }

    /// The DER encoding of the certificate of `identity` (`SecIdentityCopyCertificate`), or `nil`
    /// when the Security framework gives none.
    func certificateDER(of identity: SecIdentity) -> [UInt8]? {
        var certificate: SecCertificate?
        guard SecIdentityCopyCertificate(identity, &certificate) == errSecSuccess, let certificate else { return nil }
        return derBytes(of: certificate)
    }
#endif
