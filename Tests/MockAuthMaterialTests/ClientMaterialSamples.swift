import MockAuthMaterial
import MockAuthVocabulary

/// Materials that exercise the codecs: one with every field, and one with none but the scenario.
enum ClientMaterialSamples {
    /// Every field set, every variable given: two identities, per-request accounts, a proxy with an
    /// NTLM domain, IPv4 and IPv6 host mappings, a body with a line break, a Kerberos realm's
    /// configuration and credential cache (binary), a token endpoint, requests sent at once.
    static let full: ClientMaterial = {
        var material = fullButTokenEndpoint
        material.tokenEndpoint = .init(
            url: "https://127.0.0.1:4433/token", clientID: "mockauth-app", clientSecret: "8xLO: x", refreshToken: "rt-1"
        )
        material.concurrent = true
        return material
    }()

    private static let fullButTokenEndpoint = ClientMaterial(
        scenario: "everything", urls: ["https://127.0.0.1:4431/", "https://127.0.0.1:4432/a?b=c", "http://[::1]:80/"],
        features: ["tls", "custom-ca", "digest-md5|digest-sha256"],
        caCertificatePEM: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
        identity: .init(
            certificatePEM: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
            privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nBBBB\n-----END PRIVATE KEY-----\n",
            pkcs12: [0x30, 0x82, 0x00, 0xFF, 0x00]),
        secondIdentity: .init(
            certificatePEM: "-----BEGIN CERTIFICATE-----\nCCCC\n-----END CERTIFICATE-----\n",
            privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nDDDD\n-----END PRIVATE KEY-----\n", pkcs12: [1, 2, 3]),
        pkcs12Passphrase: "pass phrase",
        pinSHA256:
            "sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=;sha256//BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=",
        credentials: Account(username: "alice", password: "s3cret: with spaces", domain: "MOCKAUTH"),
        requestAccounts: [
            2: Account(username: "bob", password: "hunter2", domain: "OTHER"),
            3: Account(username: "carol", password: ""),
        ],
        token: "token-123",
        headers: [HeaderField(name: "Cookie", value: "a=b; c=d"), HeaderField(name: "X-Api-Key", value: "k: v")],
        method: "POST", body: "line one\nline two: ü\n",
        hosts: [
            HostMapping(name: "api.wild.test", port: 4431, address: "127.0.0.1"),
            HostMapping(name: "six.test", port: 80, address: "::1"),
        ],
        proxy: .init(
            url: "http://127.0.0.1:3128",
            credentials: Account(username: "proxy-user", password: "p", domain: "MOCKAUTH"),
            bypass: ["direct.test", "intranet.test"]),
        pauseSeconds: 3,
        kerberos: .init(configuration: kerberosConfiguration, credentialCache: [0x05, 0x04, 0x00, 0x0C, 0xFF, 0x00]))

    /// A run's krb5.conf, as MockAuthKerberos writes it (the KDC's port is the run's).
    static let kerberosConfiguration = """
        [libdefaults]
         default_realm = MOCKAUTH-0000ABCD.TEST
         dns_lookup_kdc = false
         rdns = false

        [realms]
         MOCKAUTH-0000ABCD.TEST = {
          kdc = 127.0.0.1:50088
         }

        [domain_realm]
         intranet.test = MOCKAUTH-0000ABCD.TEST

        """

    /// Nothing but a scenario and its URL.
    static let bare = ClientMaterial(scenario: "bare", urls: ["http://127.0.0.1:8080/"])
}
