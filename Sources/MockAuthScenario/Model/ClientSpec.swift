import MockAuthVocabulary

/// What the client is given: where to go, what to trust, which identity and pin to use.
package struct ClientSpec: Sendable, Equatable {
    /// The requests a client makes, in order. The first is `MOCKAUTH_URL`.
    package var requests: [RequestSpec]
    /// Which trust anchors the client is given in `MOCKAUTH_CA_FILE`.
    package var trust: TrustAnchors
    /// The harness client identity the client is given (`MOCKAUTH_CLIENT_CERT` …), if any.
    package var identity: ClientIdentitySpec?
    /// Whether the client is given the harness pin (`MOCKAUTH_PIN_SHA256`).
    package var pin: Bool
    /// What the pin is of (`pin: true` pins the server's key, `pin: intermediate` the intermediate's).
    package var pinTarget: PinTarget = .serverKey

    /// The origin credentials the client is given (`MOCKAUTH_USERNAME`, `_PASSWORD`, `_DOMAIN`).
    package var credentials: Account?
    /// The bearer token the client is given (`MOCKAUTH_TOKEN`).
    package var token: String?
    /// The proxy the client is told to use, and its credentials.
    package var proxy: ProxyClientSpec?
    /// Header lines the client is told to send with each request it makes (`MOCKAUTH_HEADERS`): a
    /// cookie, an API key, an `Authorization` it sets by hand. Whether it carries them on to another
    /// host when it follows a redirect is what `never-receives` judges.
    package var headers: [HeaderField]
    /// The method of each request the client makes itself (`MOCKAUTH_METHOD`): `GET` by default.
    package var method: String
    /// The body each request the client makes itself carries (`MOCKAUTH_BODY_FILE`), or `nil`.
    /// What a client does with it when challenged or redirected is what `request-body` judges.
    package var body: String?
    /// How many seconds the client waits after one request's answer before it makes the next
    /// (`pause-between-requests`, `MOCKAUTH_PAUSE_SECONDS`), for a scenario whose server state
    /// must age between them (a Digest nonce that goes stale: `digest-stale`); `nil`: no pause asked.
    package var pauseBetweenRequests: Int?
    /// Whether the client is told to send its requests at once, each without waiting for another's
    /// answer (`concurrent: true`, `MOCKAUTH_CONCURRENT=1`), for a scenario about what a client
    /// does when several of its requests meet the same answer together (`bearer-refresh-concurrent`).
    /// An origin then holds each challenge it answers a while, so that requests sent together are
    /// seen in flight together (``ScenarioRules``' `sends-concurrently`).
    package var concurrent = false

    package init(
        requests: [RequestSpec], trust: TrustAnchors = .harnessRoot, identity: ClientIdentitySpec? = nil,
        pin: Bool = false,
        credentials: Account? = nil, token: String? = nil, proxy: ProxyClientSpec? = nil, headers: [HeaderField] = [],
        method: String = "GET", body: String? = nil
    ) {
        self.requests = requests
        self.trust = trust
        self.identity = identity
        self.pin = pin
        self.credentials = credentials
        self.token = token
        self.proxy = proxy
        self.headers = headers
        self.method = method
        self.body = body
    }

    /// Whether the client is told a method or a body (`MOCKAUTH_METHOD` is set).
    package var sendsRequestContent: Bool { method != "GET" || body != nil }
}

/// One request the client is expected to make.
package struct RequestSpec: Sendable, Equatable {
    /// The id of the server the request goes to.
    package var server: String
    /// The path (and query) to request.
    package var path: String
    /// The account for this request when it is not the client's (`credentials`): the second user
    /// of a scenario (`MOCKAUTH_USERNAME_2` … for the second request). Never on the first request.
    package var credentials: Account?
    /// The scheme the request's URL is given with, when it is not the server's own: `http` for a
    /// TLS server (`hsts-upgrade`).
    package var scheme: RequestScheme?

    package init(server: String, path: String = "/", credentials: Account? = nil, scheme: RequestScheme? = nil) {
        self.server = server
        self.path = path
        self.credentials = credentials
        self.scheme = scheme
    }
}

/// The trust anchors given to a client.
package enum TrustAnchors: String, Sendable, Equatable, CaseIterable {
    /// The harness root CA only (so an incomplete chain really is incomplete).
    case harnessRoot = "harness-root"
    /// The harness root and an expired one, MockAuth Old Root CA, that once cross-signed it: a
    /// store that kept a root past its end, as stores kept DST Root CA X3 in 2021 (`tls-cross-signed`).
    case harnessRootAndExpiredRoot = "harness-root-and-expired-root"
    /// Nothing: `MOCKAUTH_CA_FILE` is unset.
    case none

    /// Whether the client is given a CA file (`MOCKAUTH_CA_FILE`) at all.
    package var isGiven: Bool {
        switch self {
        case .harnessRoot, .harnessRootAndExpiredRoot: true
        case .none: false
        }
    }
}

/// The proxy a client is told to use (`MOCKAUTH_PROXY_URL`, `_USERNAME`, `_PASSWORD`).
package struct ProxyClientSpec: Sendable, Equatable {
    /// The id of the proxy server.
    package var server: String
    /// The proxy credentials, if the client is given any.
    package var credentials: Account?
    /// `remote-dns: true`, for a SOCKS5 proxy: only the proxy resolves the names of the servers it
    /// reaches. The client is told `MOCKAUTH_PROXY_URL=socks5h://…` and given no mapping for those
    /// names (only for the proxy's own), so it must send the name in its CONNECT.
    package var remoteDNS: Bool
    /// `bypass: [direct]`: the servers the client must reach directly, not through the proxy. It is
    /// told their names as `NO_PROXY` lists hosts (`MOCKAUTH_NO_PROXY`); every other server it
    /// reaches through the proxy.
    package var bypass: [String]

    package init(server: String, credentials: Account? = nil, remoteDNS: Bool = false, bypass: [String] = []) {
        self.server = server
        self.credentials = credentials
        self.remoteDNS = remoteDNS
        self.bypass = bypass
    }
}
