import MockAuthVocabulary

/// Everything a scenario gives its client, as one value: where to go, what to trust, who to be,
/// which secrets, what to send. Every face hands the client a projection of it:
///
/// - a command gets `environment(files:)`, the `MOCKAUTH_*` variables (files as paths), and an
///   adapter reads it back with `init(environment:readingFilesWith:)`, its exact inverse;
/// - a Swift client gets `ClientContext`, built from it;
/// - the control API's run description carries it as `material` (its `Codable` form).
///
/// Files hold bytes here (the CA PEM, the keys, the PKCS#12 bundles, the body); only the
/// environment names them by path. Each field is set exactly when its variables are.
public struct ClientMaterial: Sendable, Hashable {
    /// The scenario's name (`MOCKAUTH_SCENARIO`).
    public var scenario: String
    /// Every URL to request, in order (`MOCKAUTH_URLS`; the first is `MOCKAUTH_URL`).
    public var urls: [String]
    /// What the scenario needs from a client (`MOCKAUTH_FEATURES`), each word a feature's name or
    /// alternatives joined by `|` (`digest-md5|digest-sha256`); empty when it needs nothing.
    public var features: [String]
    /// The trust anchors as PEM, the contents of `MOCKAUTH_CA_FILE`: the harness root, and the
    /// expired old root where the scenario gives it too; `nil` when the scenario gives none.
    public var caCertificatePEM: String?
    /// The client identity (`MOCKAUTH_CLIENT_CERT`, `_KEY`, `_P12`), when the scenario gives one.
    public var identity: Identity?
    /// The second identity, from a second client CA (`MOCKAUTH_CLIENT_CERT_2`, `_KEY_2`, `_P12_2`).
    public var secondIdentity: Identity?
    /// The passphrase of the PKCS#12 bundles (`MOCKAUTH_CLIENT_P12_PASSWORD`).
    public var pkcs12Passphrase: String?
    /// The pins in curl's form, `sha256//BASE64` (several separated by `;`; `MOCKAUTH_PIN_SHA256`).
    public var pinSHA256: String?
    /// The account for the origin's challenges (`MOCKAUTH_USERNAME`, `_PASSWORD`, `_DOMAIN`).
    public var credentials: Account?
    /// The accounts of later URLs that have their own, keyed by the URL's 1-based position among
    /// ``urls``, as the variables name them (`MOCKAUTH_USERNAME_2` is key 2); a URL not listed uses
    /// ``credentials``.
    public var requestAccounts: [Int: Account]
    /// The bearer token (`MOCKAUTH_TOKEN`).
    public var token: String?
    /// Header lines to send with each request, in order (`MOCKAUTH_HEADERS`); empty when none.
    public var headers: [HeaderField]
    /// The method of each request when it is not a bare `GET` (`MOCKAUTH_METHOD`).
    public var method: String?
    /// The body of each request, the contents of `MOCKAUTH_BODY_FILE` (text: a scenario file holds it).
    public var body: String?
    /// How to reach the servers named under `.test` (`MOCKAUTH_RESOLVE`, `MOCKAUTH_HOSTS_FILE`).
    public var hosts: [HostMapping]
    /// The proxy to use, and its account (`MOCKAUTH_PROXY_URL`, `_USERNAME`, `_PASSWORD`, `_DOMAIN`).
    public var proxy: Proxy?
    /// How many seconds to wait after one request's answer before making the next
    /// (`MOCKAUTH_PAUSE_SECONDS`), when the scenario asks for a pause (its server state must age
    /// between the requests: a Digest nonce that goes stale).
    public var pauseSeconds: Int?
    /// Whether to send the requests to the URLs at once, each without waiting for another's answer
    /// (`MOCKAUTH_CONCURRENT=1`), when the scenario asks for it (access tokens that expire
    /// together: `bearer-refresh-concurrent`).
    public var concurrent = false
    /// The Kerberos realm's client side, when a server answers `Negotiate` with Kerberos:
    /// `MOCKAUTH_KRB5_CONFIG` and `MOCKAUTH_KRB5CCNAME`.
    public var kerberos: Kerberos?
    /// The OAuth 2.0 token endpoint and what the client holds for it (`MOCKAUTH_TOKEN_URL`,
    /// `MOCKAUTH_CLIENT_ID`, `_SECRET`, `MOCKAUTH_REFRESH_TOKEN`), when the scenario has one; its
    /// first access token is ``token``.
    public var tokenEndpoint: TokenEndpoint?

    /// A client identity: certificate, key and the same as PKCS#12 (its passphrase is
    /// ``ClientMaterial/pkcs12Passphrase``).
    public struct Identity: Sendable, Hashable {
        /// The certificate, PEM.
        public var certificatePEM: String
        /// The private key, PKCS#8 PEM.
        public var privateKeyPEM: String
        /// The certificate and key as a PKCS#12 bundle, in the scenario's encoding.
        public var pkcs12: [UInt8]

        public init(certificatePEM: String, privateKeyPEM: String, pkcs12: [UInt8]) {
            self.certificatePEM = certificatePEM
            self.privateKeyPEM = privateKeyPEM
            self.pkcs12 = pkcs12
        }
    }

    /// What a client needs to get Kerberos tickets in the run's own realm.
    public struct Kerberos: Sendable, Hashable {
        /// A `krb5.conf` for the realm alone: its name as the default realm, its KDC's loopback
        /// address, and the `.test` names that belong to it (`MOCKAUTH_KRB5_CONFIG` is its path).
        public var configuration: String
        /// A credential cache (MIT's `FILE:` format) holding the account's ticket-granting ticket,
        /// obtained by the harness's `kinit` (`MOCKAUTH_KRB5CCNAME` is its path): a secret.
        public var credentialCache: [UInt8]

        public init(configuration: String, credentialCache: [UInt8]) {
            self.configuration = configuration
            self.credentialCache = credentialCache
        }
    }

    /// A proxy to use.
    public struct Proxy: Sendable, Hashable, Codable {
        /// The proxy's URL (`http://127.0.0.1:PORT`, `https://127.0.0.1:PORT` for an HTTPS proxy,
        /// `socks5://127.0.0.1:PORT` for a SOCKS5 proxy, `socks5h://…` for one that alone resolves names).
        public var url: String
        /// Its account, when the client is given one.
        public var credentials: Account?
        /// The host names to reach directly, not through the proxy (`MOCKAUTH_NO_PROXY`, as
        /// `NO_PROXY` lists hosts); empty when the client uses the proxy for everything.
        public var bypass: [String]

        public init(url: String, credentials: Account? = nil, bypass: [String] = []) {
            self.url = url
            self.credentials = credentials
            self.bypass = bypass
        }

        private enum CodingKeys: String, CodingKey {
            case url, credentials, bypass
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(url, forKey: .url)
            try container.encodeIfPresent(credentials, forKey: .credentials)
            if !bypass.isEmpty { try container.encode(bypass, forKey: .bypass) }
        }

        /// Reads the proxy; `bypass`, which the control API's material has carried since
        /// `MOCKAUTH_NO_PROXY`, may be absent (empty then).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(String.self, forKey: .url)
            credentials = try container.decodeIfPresent(Account.self, forKey: .credentials)
            bypass = try container.decodeIfPresent([String].self, forKey: .bypass) ?? []
        }
    }

    public init(
        scenario: String, urls: [String], features: [String] = [], caCertificatePEM: String? = nil,
        identity: Identity? = nil, secondIdentity: Identity? = nil, pkcs12Passphrase: String? = nil,
        pinSHA256: String? = nil, credentials: Account? = nil, requestAccounts: [Int: Account] = [:],
        token: String? = nil, headers: [HeaderField] = [], method: String? = nil, body: String? = nil,
        hosts: [HostMapping] = [], proxy: Proxy? = nil, pauseSeconds: Int? = nil, kerberos: Kerberos? = nil
    ) {
        self.scenario = scenario
        self.urls = urls
        self.features = features
        self.caCertificatePEM = caCertificatePEM
        self.identity = identity
        self.secondIdentity = secondIdentity
        self.pkcs12Passphrase = pkcs12Passphrase
        self.pinSHA256 = pinSHA256
        self.credentials = credentials
        self.requestAccounts = requestAccounts
        self.token = token
        self.headers = headers
        self.method = method
        self.body = body
        self.hosts = hosts
        self.proxy = proxy
        self.pauseSeconds = pauseSeconds
        self.kerberos = kerberos
    }

    /// The URL to request first (`MOCKAUTH_URL`); empty when there is none.
    public var url: String { urls.first ?? "" }

    /// The account for the URL at 1-based position `request` among ``urls``: its own, else
    /// ``credentials``.
    public func account(forRequest request: Int) -> Account? {
        requestAccounts[request] ?? credentials
    }
}
