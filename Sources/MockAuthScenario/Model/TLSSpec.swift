/// The TLS configuration a server presents.
public struct TLSSpec: Sendable, Equatable {
    /// Which certificate (and which mistake in it) the server presents.
    public var profile: TLSProfile
    /// The leaf key's algorithm.
    public var key: KeyAlgorithm
    /// The leaf's exact subjectAltName (`san: { dns: […], ip: […] }`), replacing the harness's names,
    /// or `nil` for the harness's (the server's host, the loopback names).
    public var names: CertificateNames?
    /// The leaf carries one of the harness's pinned keys (`pinned-key: primary | backup`) instead of
    /// a key of its own: a pinned key on a certificate broken otherwise, or a rotation to the backup.
    public var pinnedKey: PinnedKey?

    public init(
        profile: TLSProfile, key: KeyAlgorithm = .p256, names: CertificateNames? = nil, pinnedKey: PinnedKey? = nil
    ) {
        self.profile = profile
        self.key = key
        self.names = names
        self.pinnedKey = pinnedKey
    }
}
