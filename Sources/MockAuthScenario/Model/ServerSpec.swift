/// One server of a scenario: where it listens, what TLS it presents and how it answers.
public struct ServerSpec: Sendable, Equatable {
    /// The id the rest of the scenario uses for this server (`origin`, `other` …).
    public var id: String
    /// The host name the client is told to use.
    public var host: ListenHost
    /// The TLS the server presents, or `nil` for plain HTTP.
    public var tls: TLSSpec?
    /// The routes, in order; the first whose path matches answers.
    public var routes: [RouteSpec]
    /// The authentication every route demands unless it says otherwise (401, or 407 on a proxy).
    public var auth: AuthSpec?
    /// Whether the server is a forward proxy (absolute-form requests and CONNECT) rather than an origin.
    public var isProxy: Bool
    /// This server's own time limits on slow clients, each overriding the run's (`limits:`).
    public var limits: ServerTimeLimits
    /// Whether the server speaks HTTP/2 besides HTTP/1.1 (`http2: true`): over TLS it offers ALPN
    /// `h2` and `http/1.1` and serves whichever the client picks; in plain HTTP it serves HTTP/1.1
    /// and HTTP/2 with prior knowledge (a connection that opens with the HTTP/2 preface).
    public var http2: Bool

    public init(
        id: String, host: ListenHost = .ipv4Loopback, tls: TLSSpec? = nil, routes: [RouteSpec] = [.default],
        auth: AuthSpec? = nil, isProxy: Bool = false, limits: ServerTimeLimits = ServerTimeLimits(),
        http2: Bool = false
    ) {
        self.id = id
        self.host = host
        self.tls = tls
        self.routes = routes
        self.auth = auth
        self.isProxy = isProxy
        self.limits = limits
        self.http2 = http2
    }

    /// `https` or `http`.
    public var urlScheme: String { tls == nil ? "http" : "https" }
}

/// The loopback name a server is reached by. The raw value is the name scenario files and URLs use.
public enum ListenHost: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `127.0.0.1`: the server listens on the IPv4 loopback address.
    case ipv4Loopback = "127.0.0.1"
    /// `localhost`: the server listens on 127.0.0.1 and, where the machine has it, on ::1.
    case localhost

    /// The name as it appears in URLs.
    public var name: String { rawValue }

    public var description: String { rawValue }
}

/// A server's own time limits on slow clients, in seconds; `nil` keeps the run's limit.
public struct ServerTimeLimits: Sendable, Equatable {
    /// For the TLS handshake (`handshake:`).
    public var handshakeSeconds: Int?
    /// For a complete request head, on a new connection and after each response (`request-head:`).
    public var requestHeadSeconds: Int?
    /// For any one connection (`connection:`).
    public var connectionSeconds: Int?

    public init(handshakeSeconds: Int? = nil, requestHeadSeconds: Int? = nil, connectionSeconds: Int? = nil) {
        self.handshakeSeconds = handshakeSeconds
        self.requestHeadSeconds = requestHeadSeconds
        self.connectionSeconds = connectionSeconds
    }
}
