/// The harness client identity a scenario gives its client (`MOCKAUTH_CLIENT_CERT`, `_KEY`, `_P12`),
/// and how its PKCS#12 file is encoded.
public struct ClientIdentitySpec: Sendable, Equatable {
    /// The encoding of `MOCKAUTH_CLIENT_P12`.
    public var pkcs12: PKCS12Encoding

    public init(pkcs12: PKCS12Encoding = .legacy) {
        self.pkcs12 = pkcs12
    }
}
