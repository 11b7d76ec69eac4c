import NIOSSL

extension TrustPolicy {
    /// The NIOSSL client configuration for this policy, presenting `identity` when a server asks.
    func tlsConfiguration(identity: ClientIdentity?) throws -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch anchors {
        case .system:
            tls.trustRoots = .default
        case .only(let pems):
            let roots = try pems.flatMap { pem in
                try readCertificates(pem, what: "trust anchor")
            }
            guard !roots.isEmpty else {
                throw SecureFetchError(.invalidConfiguration, "caOnly needs at least one root certificate")
            }
            tls.trustRoots = .certificates(roots)
        case .none:
            tls.certificateVerification = .none
        }
        if let identity {
            tls.certificateChain = try readCertificates(identity.certificateChainPEM, what: "client certificate")
                .map { .certificate($0) }
            do {
                tls.privateKey = .privateKey(
                    try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem))
            } catch {
                throw SecureFetchError(.invalidConfiguration, "the client identity's key is not a PEM private key")
            }
        }
        return tls
    }
}

/// Every certificate in `pem`; a configuration error when there is none or it does not parse.
private func readCertificates(_ pem: String, what: String) throws -> [NIOSSLCertificate] {
    let certificates = try? NIOSSLCertificate.fromPEMBytes(Array(pem.utf8))
    guard let certificates, !certificates.isEmpty else {
        throw SecureFetchError(.invalidConfiguration, "the \(what) is not a PEM certificate")
    }
    return certificates
}
