import MockAuthVocabulary

/// The harness client identity a scenario gives its client (`MOCKAUTH_CLIENT_CERT`, `_KEY`, `_P12`),
/// and how its PKCS#12 file is encoded.
package struct ClientIdentitySpec: Sendable, Equatable {
    /// The encoding of `MOCKAUTH_CLIENT_P12`.
    package var pkcs12: PKCS12Encoding
    /// Whether the client also holds the second harness identity, from a second client CA
    /// (`MOCKAUTH_CLIENT_CERT_2`, `_KEY_2`, `_P12_2`, same passphrase and encoding).
    package var second: Bool

    package init(pkcs12: PKCS12Encoding = .legacy, second: Bool = false) {
        self.pkcs12 = pkcs12
        self.second = second
    }
}
