import MockAuthVocabulary
import X509

/// What a TLS server of one profile presents: its chain as sent on the wire, its key, and what is
/// wrong with it.
package struct ServerCredentials: Sendable {
    /// The profile these credentials implement.
    package let profile: TLSProfile
    /// The leaf and its key.
    package let leaf: IssuedCertificate
    /// The certificates the server sends, leaf first.
    package let chain: [Certificate]
    /// What is wrong with the certificate, completing "the client sent GET / over …",
    /// or `nil` when nothing is.
    package let defect: String?
    /// The certificate request the server sends in its handshake, if it asks for one.
    package let clientCertificateRequest: ClientCertificateRequest?

    /// Client certificates the server accepts (their issuing CA), if it asks for any.
    package var clientCertificateIssuer: Certificate? { clientCertificateRequest?.trusted }
}
