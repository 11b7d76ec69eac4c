/// The TLS configuration a server presents.
public struct TLSSpec: Sendable, Equatable {
    /// Which certificate (and which mistake in it) the server presents.
    public var profile: TLSProfile
    /// The leaf key's algorithm.
    public var key: KeyAlgorithm

    public init(profile: TLSProfile, key: KeyAlgorithm = .p256) {
        self.profile = profile
        self.key = key
    }
}
