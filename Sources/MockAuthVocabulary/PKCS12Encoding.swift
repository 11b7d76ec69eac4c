/// How a PKCS#12 file protects its bags and authenticates its contents. Raw values are the
/// scenario file's words (`identity: { pkcs12: pbes2 }`).
///
/// | encoding | OpenSSL 3 (no `-legacy`) | Apple `SecPKCS12Import`, `security import` |
/// |---|---|---|
/// | ``legacy`` | yes | every macOS and iOS version |
/// | ``pbes2`` | yes (its default) | macOS 14 / iOS 17 and later only |
package enum PKCS12Encoding: String, Sendable, Hashable, Codable, CaseIterable {
    /// Key and certificate bags encrypted with `pbeWithSHAAnd3-KeyTripleDES-CBC` (the RFC 7292
    /// appendix B key derivation over SHA-1), and an HMAC-SHA1 MAC: the encoding every Apple OS
    /// version imports, and the default. OpenSSL 3 reads it without `-legacy` (which is for the
    /// RC2-40 encoding of OpenSSL 1.x, not this one).
    case legacy
    /// Bags encrypted with PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC) and an HMAC-SHA256 MAC:
    /// OpenSSL 3's default. Apple's importers read it from macOS 14 / iOS 17 on.
    case pbes2
}
