import MockAuthPKI

/// The harness's PKI in the forms a client takes, from before the run had one ``ClientMaterial``.
///
/// Each getter is deprecated for the field of ``ScenarioRun/material`` (or `ClientContext`, in
/// MockAuthClients, for the DER forms) that means what the scenario gives. Where the scenario gives
/// nothing, these getters still give the harness's root and identities; the replacements are `nil`
/// (or empty) then, as the client's environment has no variable for them.
extension ScenarioRun {
    /// The trust anchors to give the client, as PEM (``ClientMaterial/caCertificatePEM``): the
    /// harness root CA, then the expired old root where the scenario's `trust` includes it; the
    /// harness root when the scenario gives none.
    @available(
        *, deprecated,
        message:
            "use material.caCertificatePEM, the same anchors, which is nil when the scenario gives none (this gives the harness root then)"
    )
    public var caCertificatePEM: String { material.caCertificatePEM ?? pki.root.pem }

    /// The harness root CA as DER (e.g. for `SecCertificateCreateWithData`), whatever the scenario gives.
    @available(
        *, deprecated,
        message:
            "use ClientContext(run).caCertificateDER, the first anchor the scenario gives, which is nil when it gives none (this gives the harness root then)"
    )
    public var caCertificateDER: [UInt8] { pki.root.derBytes }

    /// Each trust anchor the client is given, as DER, in the order of ``ClientMaterial/caCertificatePEM``:
    /// empty when the scenario gives none.
    @available(*, deprecated, message: "use ClientContext(run).trustAnchorsDER: the same anchors, in the same order")
    public var trustAnchorsDER: [[UInt8]] { material.caCertificatePEM.map(CertificatePEM.derEncodings(of:)) ?? [] }

    /// The harness client identity's certificate as PEM, whether the scenario gives the identity or not.
    @available(
        *, deprecated,
        message:
            "use material.identity?.certificatePEM, which is nil when the scenario gives no identity (this gives the harness identity's then)"
    )
    public var clientCertificatePEM: String { pki.clientIdentity.pem }

    /// The harness client identity's private key as PKCS#8 PEM, whether the scenario gives the
    /// identity or not.
    @available(
        *, deprecated,
        message:
            "use material.identity?.privateKeyPEM, which is nil when the scenario gives no identity (this gives the harness identity's then)"
    )
    public var clientKeyPEM: String { pki.clientIdentity.key.pkcs8PEM }

    /// The harness client identity as PKCS#12 in the encoding the scenario asks for (the default
    /// encoding when it gives no identity; see ``clientPKCS12Passphrase``).
    @available(
        *, deprecated,
        message:
            "use material.identity?.pkcs12, which is nil when the scenario gives no identity (this gives the harness identity's then)"
    )
    public var clientPKCS12: [UInt8] { pki.clientPKCS12(scenario.client.identity?.pkcs12 ?? .legacy) }

    /// The second client identity's certificate (from the second client CA) as PEM, whether the
    /// scenario gives it or not.
    @available(
        *, deprecated,
        message:
            "use material.secondIdentity?.certificatePEM, which is nil when the scenario gives no second identity (this gives the harness's then)"
    )
    public var secondClientCertificatePEM: String { pki.clientIdentity2.pem }

    /// The second client identity's private key as PKCS#8 PEM, whether the scenario gives it or not.
    @available(
        *, deprecated,
        message:
            "use material.secondIdentity?.privateKeyPEM, which is nil when the scenario gives no second identity (this gives the harness's then)"
    )
    public var secondClientKeyPEM: String { pki.clientIdentity2.key.pkcs8PEM }

    /// The second client identity as PKCS#12 in the scenario's encoding, with ``clientPKCS12Passphrase``,
    /// whether the scenario gives it or not.
    @available(
        *, deprecated,
        message:
            "use material.secondIdentity?.pkcs12, which is nil when the scenario gives no second identity (this gives the harness's then)"
    )
    public var secondClientPKCS12: [UInt8] { pki.secondClientPKCS12(scenario.client.identity?.pkcs12 ?? .legacy) }

    /// The passphrase of ``clientPKCS12``, whether the scenario gives an identity or not.
    @available(
        *, deprecated,
        message:
            "use material.pkcs12Passphrase, which is nil when the scenario gives no identity (this gives the harness's then)"
    )
    public var clientPKCS12Passphrase: String { pki.clientPKCS12Passphrase }
}
