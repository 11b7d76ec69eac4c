import MockAuthMaterial
import MockAuthPKI
import MockAuthScenario
import MockAuthServer

extension ClientMaterial {
    /// What `scenario`'s client is given while its servers run as `server`, issued from `pki`, with
    /// `kerberos` its Kerberos realm when it has one: the one place that decides what applies to a
    /// client. Every face's form (the environment, the control API's material, `ClientContext`) is
    /// a projection of this value.
    init(_ scenario: Scenario, server: ScenarioServer, pki: HarnessPKI, kerberos: (any KerberosRealm)? = nil) {
        let client = scenario.client
        let urls = client.requests.compactMap { request in
            server.endpoint(request.server)?.url(path: request.path, scheme: request.scheme?.rawValue)
        }
        self.init(scenario: scenario.name, urls: urls)
        features = scenario.requirements.environmentValue.split(separator: " ").map(String.init)
        switch client.trust {
        case .harnessRoot: caCertificatePEM = pki.root.pem
        case .harnessRootAndExpiredRoot: caCertificatePEM = pki.root.pem + pki.expiredRoot.pem
        case .none: caCertificatePEM = nil
        }
        if let spec = client.identity {
            identity = Identity(
                certificatePEM: pki.clientIdentity.pem, privateKeyPEM: pki.clientIdentity.key.pkcs8PEM,
                pkcs12: pki.clientPKCS12(spec.pkcs12))
            if spec.second {
                secondIdentity = Identity(
                    certificatePEM: pki.clientIdentity2.pem, privateKeyPEM: pki.clientIdentity2.key.pkcs8PEM,
                    pkcs12: pki.secondClientPKCS12(spec.pkcs12))
            }
            pkcs12Passphrase = pki.clientPKCS12Passphrase
        }
        pinSHA256 = client.pin ? pki.pins(for: client.pinTarget).curlForm : nil
        credentials = client.credentials
        // A later request with an account of its own, by its 1-based position (MOCKAUTH_USERNAME_2 …).
        requestAccounts = Dictionary(
            uniqueKeysWithValues: client.requests.enumerated().compactMap { index, request in
                request.credentials.map { (index + 1, $0) }
            })
        token = client.token
        if let (endpointServer, configuration) = scenario.tokenEndpoint,
            let endpoint = server.endpoint(endpointServer.id)
        {
            token = configuration.accessToken
            tokenEndpoint = TokenEndpoint(
                url: endpoint.url(path: ServerSpec.tokenPath), clientID: configuration.clientID,
                clientSecret: configuration.clientSecret, refreshToken: configuration.refreshToken)
        }
        headers = client.headers
        method = client.sendsRequestContent ? client.method : nil
        body = client.body
        hosts = server.hostMappings
        pauseSeconds = client.pauseBetweenRequests
        concurrent = client.concurrent
        proxy = client.proxy.flatMap { proxy in
            server.endpoint(proxy.server).map { endpoint in
                Proxy(
                    url: endpoint.baseURL, credentials: proxy.credentials,
                    bypass: proxy.bypass.compactMap { scenario.server($0)?.host.name })
            }
        }
        if let spec = client.proxy, spec.remoteDNS, let endpoint = server.endpoint(spec.server) {
            // Only the SOCKS5 proxy resolves the other servers' names: the client can look up the
            // proxy's own name alone (its URL is socks5h://: ``Scenario/urlScheme(of:)``).
            hosts = endpoint.hostMappings
        }
        self.kerberos = kerberos.map {
            Kerberos(configuration: $0.clientConfiguration, credentialCache: $0.credentialCache)
        }
    }
}
