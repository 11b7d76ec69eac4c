import MockAuthVocabulary
import X509

/// What a TLS server of one profile presents: its chain as sent on the wire, its key, and what is
/// wrong with it; and the rest of the profile resolved once, when the PKI issues them, into what
/// the server's handshake enforces (``onlyProtocolVersion``, ``clientCertificateRequest``) and what
/// the scenario's revocation service says of the leaf (``revocationStatus``): the server and the
/// revocation authority read these, never the profile.
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
    /// The one protocol version the server speaks, or `nil` for every version NIOSSL offers.
    package let onlyProtocolVersion: TLSProtocolVersion?
    /// Whether the server ends the handshake when the ClientHello names no server (SNI).
    package let requiresServerName: Bool
    /// What the CRL and the OCSP responder say about the leaf.
    package let revocationStatus: RevocationStatus
    /// The OCSP responder's answers about the leaf expired before they are given (RFC 6960 §4.2.2.1).
    package let revocationResponseExpired: Bool

    package init(
        profile: TLSProfile, leaf: IssuedCertificate, chain: [Certificate], defect: String?,
        clientCertificateRequest: ClientCertificateRequest?
    ) {
        self.profile = profile
        self.leaf = leaf
        self.chain = chain
        self.defect = defect
        self.clientCertificateRequest = clientCertificateRequest
        let traits = profile.traits
        onlyProtocolVersion = traits.onlyProtocolVersion
        requiresServerName = traits.requiresServerName
        revocationStatus = traits.revocation.status
        revocationResponseExpired = traits.revocation.responseExpired
    }

    /// Client certificates the server accepts (their issuing CA), if it asks for any.
    package var clientCertificateIssuer: Certificate? { clientCertificateRequest?.trusted }
}
