extension ScenarioRun {
    /// The harness root CA as PEM: the trust anchor to give the client.
    public var caCertificatePEM: String { pki.root.pem }

    /// The harness root CA as DER (e.g. for `SecCertificateCreateWithData`).
    public var caCertificateDER: [UInt8] { pki.root.derBytes }

    /// The client identity's certificate as PEM.
    public var clientCertificatePEM: String { pki.clientIdentity.pem }

    /// The client identity's private key as PKCS#8 PEM.
    public var clientKeyPEM: String { pki.clientIdentity.key.pkcs8PEM }

    /// The client identity as PKCS#12 in the encoding the scenario asks for (the default encoding
    /// when it gives no identity; see ``clientPKCS12Passphrase``).
    public var clientPKCS12: [UInt8] { pki.clientPKCS12(scenario.client.identity?.pkcs12 ?? .legacy) }

    /// The second client identity's certificate (from the second client CA) as PEM.
    public var secondClientCertificatePEM: String { pki.clientIdentity2.pem }

    /// The second client identity's private key as PKCS#8 PEM.
    public var secondClientKeyPEM: String { pki.clientIdentity2.key.pkcs8PEM }

    /// The second client identity as PKCS#12 in the scenario's encoding, with ``clientPKCS12Passphrase``.
    public var secondClientPKCS12: [UInt8] { pki.secondClientPKCS12(scenario.client.identity?.pkcs12 ?? .legacy) }

    /// The passphrase of ``clientPKCS12``.
    public var clientPKCS12Passphrase: String { pki.clientPKCS12Passphrase }
}
