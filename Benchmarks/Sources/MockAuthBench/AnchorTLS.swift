import NIOSSL

/// The TLS context of the anchor servers (``MinimalServer``, ``BareServer``): the chain and key
/// `mockauthd certs` wrote for the valid server certificate, so that every server in a
/// new-connection round presents the same chain (``TLSChain``).
enum AnchorTLS {
    /// The context for `certificates`, the directory `mockauthd certs` wrote; `nil` for plain HTTP.
    static func context(certificates: String?) throws -> NIOSSLContext? {
        try certificates.map { directory in
            try NIOSSLContext(
                configuration: .makeServerConfiguration(
                    certificateChain: try NIOSSLCertificate.fromPEMFile("\(directory)/server-valid.chain.pem").map {
                        .certificate($0)
                    },
                    privateKey: .privateKey(try NIOSSLPrivateKey(file: "\(directory)/server-valid.key", format: .pem))))
        }
    }
}
