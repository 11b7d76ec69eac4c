import MockAuthPKI
import NIOSSL

/// The TLS configuration of one scenario server.
///
/// Every connection gets its own `NIOSSLContext`: BoringSSL keeps its session cache and ticket keys
/// per context, so no connection can resume an earlier one's session and every handshake is a full
/// one, in which the client must verify the certificate again. (NIOSSL has no switch for tickets.)
struct ServerTLS: Sendable {
    let configuration: TLSConfiguration
    let credentials: ServerCredentials

    init(credentials: ServerCredentials) throws {
        let chain = try credentials.chain.map { certificate in
            NIOSSLCertificateSource.certificate(try NIOSSLCertificate(bytes: certificate.derBytes, format: .der))
        }
        let key = try NIOSSLPrivateKey(bytes: credentials.leaf.key.pkcs8DER, format: .der)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain, privateKey: .privateKey(key))
        if let clientIssuer = credentials.clientCertificateIssuer {
            configuration.certificateVerification = .noHostnameVerification
            configuration.trustRoots = .certificates([try NIOSSLCertificate(bytes: clientIssuer.derBytes, format: .der)]
            )
            configuration.sendCANameList = true
        }
        self.configuration = configuration
        self.credentials = credentials
    }

    /// A fresh context for one connection.
    func makeContext() throws -> NIOSSLContext {
        try NIOSSLContext(configuration: configuration)
    }
}
