/// One test situation: the servers MockAuth starts, what the client is given, and what a correct
/// client does.
///
/// Scenarios usually come from `Scenarios/NAME.yaml` through `ScenarioCatalog`; tests can also build
/// one in code.
public struct Scenario: Sendable, Equatable {
    /// The newest scenario format version this build reads.
    package static let currentVersion = 1

    /// The scenario's name: the file stem. Names are a contract; clients pin them in CI.
    public var name: String
    /// The format version the file was written for.
    public var version: Int
    /// One line saying what the scenario checks.
    public var summary: String
    /// A paragraph a client author understands: the situation and what a correct client does.
    public var description: String
    /// Tags for filtering (`tls`, `client-cert`, `pinning` …).
    public var tags: [String]
    /// The scenario that breaks nothing and is otherwise the same: a client that fails it
    /// is not credited for rejecting this one.
    public var control: String?
    /// Set when the scenario is retired: it stays in the catalog under its name, with this reason.
    public var retired: String?
    /// The servers, in the order the file lists them.
    package var servers: [ServerSpec]
    /// What the client is given.
    package var client: ClientSpec
    /// What a correct client does, as rules the judge checks against the transcript.
    package var expectations: [ScenarioExpectation]

    package init(
        name: String,
        version: Int = Scenario.currentVersion,
        summary: String,
        description: String = "",
        tags: [String] = [],
        control: String? = nil,
        retired: String? = nil,
        servers: [ServerSpec],
        client: ClientSpec,
        expectations: [ScenarioExpectation]
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.description = description
        self.tags = tags
        self.control = control
        self.retired = retired
        self.servers = servers
        self.client = client
        self.expectations = expectations
    }

    /// The server called `id`, if the scenario has one.
    package func server(_ id: String) -> ServerSpec? {
        servers.first { $0.id == id }
    }

    /// Whether the client's proxy is a SOCKS5 proxy that alone resolves names (`remote-dns: true`):
    /// then `server` is the proxy.
    package func isRemoteDNSProxy(_ server: ServerSpec) -> Bool {
        guard let proxy = client.proxy, proxy.remoteDNS else { return false }
        guard case .socks5 = server.role else { return false }
        return proxy.server == server.id
    }

    /// Whether `server` is reached only by a name that only the client's remote-DNS proxy resolves:
    /// a server named under `.test` in a scenario whose client proxy has `remote-dns: true` (the
    /// client is given no mapping for it), other than the proxy itself.
    package func isReachedOnlyThroughRemoteDNS(_ server: ServerSpec) -> Bool {
        guard let proxy = client.proxy, proxy.remoteDNS, proxy.server != server.id else { return false }
        return server.host.resolvedName != nil
    }

    /// The scheme of `server`'s URLs: its own (``ServerSpec/urlScheme``), but `socks5h` for the
    /// client's remote-DNS proxy, which the client is told to use as `socks5h://` and which every
    /// verdict, report and transcript names so.
    package func urlScheme(of server: ServerSpec) -> String {
        isRemoteDNSProxy(server) ? "socks5h" : server.urlScheme
    }
}
