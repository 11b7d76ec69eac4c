import MockAuthVocabulary
import X509

/// What a TLS server of one profile presents: its chain as sent on the wire, its key, and what is
/// wrong with it.
public struct ServerCredentials: Sendable {
    /// The profile these credentials implement.
    public let profile: TLSProfile
    /// The leaf and its key.
    public let leaf: IssuedCertificate
    /// The certificates the server sends, leaf first.
    public let chain: [Certificate]
    /// What is wrong with the certificate, completing "the client sent GET / over …",
    /// or `nil` when nothing is.
    public let defect: String?
    /// The certificate request the server sends in its handshake, if it asks for one.
    package let clientCertificateRequest: ClientCertificateRequest?

    /// Client certificates the server accepts (their issuing CA), if it asks for any.
    public var clientCertificateIssuer: Certificate? { clientCertificateRequest?.trusted }
}
