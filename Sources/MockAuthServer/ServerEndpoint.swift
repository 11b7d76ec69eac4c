import MockAuthScenario
import MockAuthVocabulary

/// Where one scenario server listens.
public struct ServerEndpoint: Sendable, Equatable {
    /// The server's id in the scenario.
    public let server: String
    /// The loopback name the scenario gives the server (`127.0.0.1` or `localhost`).
    package let host: ListenHost
    /// The host clients are told to use: the name the scenario gives the server, or the name another machine reaches
    /// this one by (``ServerAddressing/hostNames``).
    public let urlHost: String
    /// The port, chosen by the system or fixed (``PortAllocator``).
    public let port: Int
    /// `https` or `http`.
    public let scheme: String
    /// Whether the server also listens on `::1` (for `localhost`).
    package let listensOnIPv6: Bool
    /// The address a name under `.test` stands for (where the server listens), for
    /// ``hostMappings``.
    package let address: String
    /// Other names under `.test` that reach this server (the scenario's `aliases`).
    package let aliases: [String]
    /// The name the server's address is recorded under, of which its host is an alias (the
    /// scenario's `canonical-name`).
    package let canonicalName: String?
    /// The realm the server challenges in (`WWW-Authenticate`, or `Proxy-Authenticate` for a
    /// proxy), when it demands authentication: with the host, port and scheme, the protection space
    /// a client keeps the scenario's credentials for.
    public let realm: String?
    /// The certificate chain the server presents, leaf first, DER-encoded; empty for plain HTTP.
    /// Pin tests compute certificate pins from it.
    public let certificateChainDER: [[UInt8]]

    package init(
        server: String, host: ListenHost, urlHost: String? = nil, port: Int, scheme: String, listensOnIPv6: Bool,
        address: String = "127.0.0.1", aliases: [String] = [], canonicalName: String? = nil, realm: String? = nil,
        certificateChainDER: [[UInt8]] = []
    ) {
        self.canonicalName = canonicalName
        self.server = server
        self.host = host
        self.urlHost = urlHost ?? host.name
        self.port = port
        self.scheme = scheme
        self.listensOnIPv6 = listensOnIPv6
        self.address = address
        self.aliases = aliases
        self.realm = realm
        self.certificateChainDER = certificateChainDER
    }

    /// Every name under `.test` a client may look up for this server: the forms of its own name
    /// (``ListenHost/resolvableNames``), then its aliases, then its canonical name.
    package var resolvableNames: [String] { host.resolvableNames + aliases + (canonicalName.map { [$0] } ?? []) }

    /// How a client resolves each of ``resolvableNames``: empty unless the scenario names the
    /// server under `.test`.
    /// With a canonical name, the host's names are its aliases (a resolver answers the canonical
    /// name for them), and the canonical name resolves too.
    package var hostMappings: [HostMapping] {
        let canonical = canonicalName.map { [HostMapping(name: $0, port: port, address: address)] } ?? []
        let named = host.resolvableNames.map {
            HostMapping(name: $0, port: port, address: address, canonicalName: canonicalName)
        }
        return canonical + named + aliases.map { HostMapping(name: $0, port: port, address: address) }
    }

    /// The base URL, e.g. `https://127.0.0.1:49152` (an IPv6 host in brackets).
    public var baseURL: String { baseURL(scheme: scheme) }

    /// The base URL with `scheme` instead of the server's own (`http://` for a TLS server's port).
    package func baseURL(scheme: String) -> String {
        let shown = urlHost.contains(":") && !urlHost.hasPrefix("[") ? "[\(urlHost)]" : urlHost
        return "\(scheme)://\(shown):\(port)"
    }

    /// The URL of `path` on this server, with `scheme` when given instead of the server's own.
    public func url(path: String, scheme: String? = nil) -> String {
        baseURL(scheme: scheme ?? self.scheme) + (path.hasPrefix("/") ? path : "/" + path)
    }
}
