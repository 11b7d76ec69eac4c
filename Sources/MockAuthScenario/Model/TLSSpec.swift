import MockAuthVocabulary

/// The TLS configuration a server presents.
package struct TLSSpec: Sendable, Equatable {
    /// Which certificate (and which mistake in it) the server presents.
    package var profile: TLSProfile
    /// The leaf key's algorithm.
    package var key: KeyAlgorithm
    /// The leaf's exact subjectAltName (`san: { dns: […], ip: […] }`), replacing the harness's names,
    /// or `nil` for the harness's (the server's host, the loopback names).
    package var names: CertificateNames?
    /// The leaf carries one of the harness's pinned keys (`pinned-key: primary | backup`) instead of
    /// a key of its own: a pinned key on a certificate broken otherwise, or a rotation to the backup.
    package var pinnedKey: PinnedKey?

    package init(
        profile: TLSProfile, key: KeyAlgorithm = .p256, names: CertificateNames? = nil, pinnedKey: PinnedKey? = nil
    ) {
        self.profile = profile
        self.key = key
        self.names = names
        self.pinnedKey = pinnedKey
    }
}
