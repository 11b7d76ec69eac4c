import MockAuthVerdict
import MockAuthVocabulary

/// The JSON bodies of `mockauthd serve`'s control API, version 1: the contract between the server
/// (`MockAuthControl`) and every client of it (``MockAuthControlClient``, `curl`, any language).
/// `docs/schemas/control/` holds a JSON Schema for each; `docs/remote.md` describes the API.
public enum ControlAPIVersion {
    /// The path prefix of this version: `/v1/`.
    public static let pathPrefix = "/v1/"
}

/// One scenario of the catalog, as `GET /v1/scenarios` lists it.
public struct RemoteScenario: Sendable, Codable, Equatable {
    /// The scenario's name: what `POST /v1/runs` takes.
    public var name: String
    /// One line: what is broken, or what is asked of the client.
    public var summary: String
    /// What the scenario checks and why, in full.
    public var description: String
    public var tags: [String]
    /// The scenario's control (its twin that breaks nothing), when it has one.
    public var control: String?
    /// What a correct client does, in words.
    public var correctClient: String

    public init(
        name: String, summary: String, description: String, tags: [String], control: String?, correctClient: String
    ) {
        self.name = name
        self.summary = summary
        self.description = description
        self.tags = tags
        self.control = control
        self.correctClient = correctClient
    }
}

/// `GET /v1/scenarios`.
public struct RemoteScenarioList: Sendable, Codable, Equatable {
    public var scenarios: [RemoteScenario]

    public init(scenarios: [RemoteScenario]) { self.scenarios = scenarios }
}

/// `POST /v1/runs`'s body.
public struct RunRequest: Sendable, Codable, Equatable {
    /// The scenario to run, by name.
    public var scenario: String
    /// Who the client is, for the report `serve` writes on exit (default `remote`).
    public var client: String?

    public init(scenario: String, client: String? = nil) {
        self.scenario = scenario
        self.client = client
    }
}

/// A run that has begun (`201` to `POST /v1/runs`): its own servers, and what its client is given.
public struct RunDescription: Sendable, Codable, Equatable {
    /// The run's id, for `/v1/runs/ID/…`.
    public var id: String
    /// The scenario's name.
    public var scenario: String
    /// The scenario's control, when it has one: begin a run of it too, and pass its id as
    /// `?control=ID` when asking for this run's verdict.
    public var control: String?
    /// The first URL the client requests.
    public var url: String
    /// Every URL the client requests, in order.
    public var urls: [String]
    /// Exactly the `MOCKAUTH_*` variables `mockauthd check` gives a client command (file paths on
    /// the machine that runs `serve`).
    public var environment: [String: String]
    /// The same material inline, for a client that cannot read that machine's files.
    public var material: RunMaterial

    public init(
        id: String, scenario: String, control: String?, url: String, urls: [String], environment: [String: String],
        material: RunMaterial
    ) {
        self.id = id
        self.scenario = scenario
        self.control = control
        self.url = url
        self.urls = urls
        self.environment = environment
        self.material = material
    }
}

/// What a run's client is given, inline. Each field is present exactly when the scenario gives the
/// client that thing (as the matching `MOCKAUTH_*` variable is).
public struct RunMaterial: Sendable, Codable, Equatable {
    /// The trust anchor as PEM (`MOCKAUTH_CA_FILE`'s contents).
    public var caCertificatePEM: String?
    /// The client identity's certificate as PEM (`MOCKAUTH_CLIENT_CERT`).
    public var clientCertificatePEM: String?
    /// The client identity's private key as PKCS#8 PEM (`MOCKAUTH_CLIENT_KEY`).
    public var clientKeyPEM: String?
    /// The client identity as PKCS#12, base64 (`MOCKAUTH_CLIENT_P12`).
    public var clientP12Base64: String?
    /// The PKCS#12 passphrase (`MOCKAUTH_CLIENT_P12_PASSWORD`).
    public var clientP12Password: String?
    /// The second client identity's certificate as PEM (`MOCKAUTH_CLIENT_CERT_2`).
    public var secondClientCertificatePEM: String?
    /// The second client identity's private key as PKCS#8 PEM (`MOCKAUTH_CLIENT_KEY_2`).
    public var secondClientKeyPEM: String?
    /// The second client identity as PKCS#12, base64 (`MOCKAUTH_CLIENT_P12_2`; same passphrase).
    public var secondClientP12Base64: String?
    /// The pins, in curl's `sha256//BASE64` form (`MOCKAUTH_PIN_SHA256`).
    public var pinSHA256: String?
    /// The account for the origin's challenges.
    public var credentials: RemoteCredentials?
    /// The bearer token (`MOCKAUTH_TOKEN`).
    public var token: String?
    /// The proxy to use.
    public var proxy: RemoteProxy?
    /// Header lines to send with each request the client makes (`MOCKAUTH_HEADERS`), in order.
    public var headers: [HeaderField]?
    /// Accounts of later requests that have one of their own (`MOCKAUTH_USERNAME_2` …): keyed by
    /// the request's 1-based position among `urls`, as a string ("2").
    public var requestCredentials: [String: RemoteCredentials]?
    /// How to resolve the servers named under `.test` (`MOCKAUTH_RESOLVE`, `MOCKAUTH_HOSTS_FILE`).
    public var hosts: [HostMapping]?
    /// The method of each request the client makes (`MOCKAUTH_METHOD`), when it is not a bare GET.
    public var method: String?
    /// The body each request carries (`MOCKAUTH_BODY_FILE`'s contents).
    public var body: String?

    public init(
        caCertificatePEM: String? = nil, clientCertificatePEM: String? = nil, clientKeyPEM: String? = nil,
        clientP12Base64: String? = nil, clientP12Password: String? = nil, pinSHA256: String? = nil,
        credentials: RemoteCredentials? = nil, token: String? = nil, proxy: RemoteProxy? = nil,
        headers: [HeaderField]? = nil, method: String? = nil, body: String? = nil,
        requestCredentials: [String: RemoteCredentials]? = nil, hosts: [HostMapping]? = nil
    ) {
        self.caCertificatePEM = caCertificatePEM
        self.clientCertificatePEM = clientCertificatePEM
        self.clientKeyPEM = clientKeyPEM
        self.clientP12Base64 = clientP12Base64
        self.clientP12Password = clientP12Password
        self.pinSHA256 = pinSHA256
        self.credentials = credentials
        self.token = token
        self.proxy = proxy
        self.headers = headers
        self.method = method
        self.body = body
        self.requestCredentials = requestCredentials
        self.hosts = hosts
    }
}

/// A user name and password (and NTLM domain).
public struct RemoteCredentials: Sendable, Codable, Equatable {
    public var username: String
    public var password: String
    public var domain: String?

    public init(username: String, password: String, domain: String? = nil) {
        self.username = username
        self.password = password
        self.domain = domain
    }
}

/// The proxy a run's client goes through, and its account when it asks for one.
public struct RemoteProxy: Sendable, Codable, Equatable {
    /// `MOCKAUTH_PROXY_URL`.
    public var url: String
    public var credentials: RemoteCredentials?

    public init(url: String, credentials: RemoteCredentials? = nil) {
        self.url = url
        self.credentials = credentials
    }
}

/// A live run, as `GET /v1/runs` lists it.
public struct RunSummary: Sendable, Codable, Equatable {
    public var id: String
    public var scenario: String
    public var url: String

    public init(id: String, scenario: String, url: String) {
        self.id = id
        self.scenario = scenario
        self.url = url
    }
}

/// `GET /v1/runs`.
public struct RunList: Sendable, Codable, Equatable {
    public var runs: [RunSummary]

    public init(runs: [RunSummary]) { self.runs = runs }
}

/// `200` to `DELETE /v1/runs/ID`: the run's final verdict; its servers are stopped.
public struct EndedRun: Sendable, Codable, Equatable {
    public var id: String
    public var scenario: String
    public var verdict: Verdict

    public init(id: String, scenario: String, verdict: Verdict) {
        self.id = id
        self.scenario = scenario
        self.verdict = verdict
    }
}

/// The body of every error response (4xx and 5xx): what was wrong, in words.
public struct ControlErrorBody: Sendable, Codable, Equatable {
    public var error: String

    public init(error: String) { self.error = error }
}
