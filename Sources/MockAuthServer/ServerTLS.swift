import MockAuthPKI
import MockAuthScenario
import MockAuthTranscript
import NIOSSL

/// The TLS context of one scenario server, built once and shared by all its connections.
///
/// BoringSSL keeps its session cache and ticket keys per context, and every server of every run has
/// its own context: a session from one server can never be resumed on another (another server of
/// the run, another run, a scenario's control), so each server's first handshake with a client is a full one
/// in which the client must verify that server's certificate. A client may resume on the server that
/// issued the session, as it would on a real one. Building the context once, rather than per
/// connection, is what lets a server accept new TLS connections at the stack's own rate; a class, so
/// that a new connection takes a reference to it and copies nothing.
final class ServerTLS: Sendable {
    let credentials: ServerCredentials
    /// The server's context, shared by its connections.
    let context: NIOSSLContext
    /// The certificate request the server sends, as the transcript records it; `nil` when it asks for none.
    let certificateRequest: CertificateRequestRecord?

    /// - Parameter http2: whether the server offers HTTP/2: then ALPN offers `h2`, before
    ///   `http/1.1` or alone (``HTTP2Offer/applicationProtocols``).
    init(credentials: ServerCredentials, http2: HTTP2Offer = .no) throws {
        let chain = try credentials.chain.map { certificate in
            NIOSSLCertificateSource.certificate(try NIOSSLCertificate(bytes: certificate.derBytes, format: .der))
        }
        let key = try NIOSSLPrivateKey(bytes: credentials.leaf.key.pkcs8DER, format: .der)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain, privateKey: .privateKey(key))
        if let request = credentials.clientCertificateRequest {
            configuration.certificateVerification = request.required ? .noHostnameVerification : .optionalVerification
            configuration.trustRoots = .certificates([
                try NIOSSLCertificate(bytes: request.trusted.derBytes, format: .der)
            ])
            configuration.sendCANameList = request.namesTrustedCA
        }
        if http2.offersHTTP2 { configuration.applicationProtocols = http2.applicationProtocols }
        // A server of one protocol (an old one, or TLS 1.3 alone) speaks that version only.
        switch credentials.onlyProtocolVersion {
        case .tls10:
            configuration.minimumTLSVersion = .tlsv1
            configuration.maximumTLSVersion = .tlsv1
        case .tls11:
            configuration.minimumTLSVersion = .tlsv11
            configuration.maximumTLSVersion = .tlsv11
        case .tls13:
            configuration.minimumTLSVersion = .tlsv13
            configuration.maximumTLSVersion = .tlsv13
        case nil:
            break
        }
        if credentials.requiresServerName {
            // Called once per ClientHello, before the certificate is chosen: without a server name
            // the handshake ends (BoringSSL sends internal_error) and the transcript says why.
            configuration.sslContextCallback = { hello, promise in
                if hello.serverHostname == nil {
                    promise.fail(ServerNameMissing())
                } else {
                    promise.succeed(.noChanges)
                }
            }
        }
        self.credentials = credentials
        self.context = try NIOSSLContext(configuration: configuration)
        self.certificateRequest = credentials.clientCertificateRequest.map { request in
            CertificateRequestRecord(
                required: request.required,
                authorities: request.namesTrustedCA ? [request.trusted.subject.description] : [])
        }
    }
}

/// The handshake error of a server that requires SNI, when the ClientHello names no server: what
/// the transcript records as the failed handshake's reason.
struct ServerNameMissing: Error, CustomStringConvertible {
    var description: String { "NO_SERVER_NAME" }
}
