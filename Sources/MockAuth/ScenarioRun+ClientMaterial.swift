extension ScenarioRun {
    /// The trust anchors to give the client, as PEM (``ClientMaterial/caCertificatePEM``): the
    /// harness root CA, then the expired old root where the scenario's `trust` includes it; the
    /// harness root when the scenario gives none.
    public var caCertificatePEM: String { material.caCertificatePEM ?? pki.root.pem }

    /// The harness root CA as DER (e.g. for `SecCertificateCreateWithData`).
    public var caCertificateDER: [UInt8] { pki.root.derBytes }

    /// Each trust anchor the client is given, as DER, in the order of ``ClientMaterial/caCertificatePEM``:
    /// empty when the scenario gives none.
    public var trustAnchorsDER: [[UInt8]] { material.caCertificatePEM.map(CertificatePEM.derEncodings(of:)) ?? [] }

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
