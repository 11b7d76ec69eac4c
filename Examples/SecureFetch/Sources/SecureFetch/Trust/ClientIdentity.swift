/// The certificate and private key a client presents when a server asks for one (mutual TLS).
public struct ClientIdentity: Sendable {
    /// The client certificate, optionally followed by its intermediates, as PEM.
    public var certificateChainPEM: String
    /// The private key of the certificate, as PEM (PKCS#8, or the traditional EC/RSA forms).
    public var privateKeyPEM: String

    /// - Parameters:
    ///   - certificateChainPEM: the client certificate first, then any intermediates.
    ///   - privateKeyPEM: the key of the first certificate.
    public init(certificateChainPEM: String, privateKeyPEM: String) {
        self.certificateChainPEM = certificateChainPEM
        self.privateKeyPEM = privateKeyPEM
    }
}
