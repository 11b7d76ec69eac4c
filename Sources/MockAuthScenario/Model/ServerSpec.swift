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
    /// Whether the server is the scenario's revocation server (`revocation: true`): plain HTTP,
    /// serving the harness intermediate's CRL (`GET /crl`) and its OCSP responder (`POST /ocsp`,
    /// `GET /ocsp/{base64}`). Every TLS leaf of the scenario points there.
    public var isRevocation: Bool

    public init(
        id: String, host: ListenHost = .ipv4Loopback, tls: TLSSpec? = nil, routes: [RouteSpec] = [.default],
        auth: AuthSpec? = nil, isProxy: Bool = false, limits: ServerTimeLimits = ServerTimeLimits(),
        http2: Bool = false, isRevocation: Bool = false
    ) {
        self.id = id
        self.host = host
        self.tls = tls
        self.routes = routes
        self.auth = auth
        self.isProxy = isProxy
        self.limits = limits
        self.http2 = http2
        self.isRevocation = isRevocation
    }

    /// The path of the CRL on a revocation server.
    public static let crlPath = "/crl"
    /// The path of the OCSP responder on a revocation server (GET requests append the request).
    public static let ocspPath = "/ocsp"

    /// `https` or `http`.
    public var urlScheme: String { tls == nil ? "http" : "https" }
}

/// The name a server is reached by. Every server listens on loopback; a ``named(_:)`` server is
/// reached by a name under the reserved `.test` domain (RFC 6761), which the client is told how to
/// resolve (`MOCKAUTH_RESOLVE`, `MOCKAUTH_HOSTS_FILE`, `check --isolate-hosts`): no DNS is involved.
public enum ListenHost: Sendable, Hashable, CustomStringConvertible {
    /// `127.0.0.1`: the server listens on the IPv4 loopback address.
    case ipv4Loopback
    /// `localhost`: the server listens on 127.0.0.1 and, where the machine has it, on ::1.
    case localhost
    /// A DNS name under `.test` (`api.mockauth.test`), lower-case, in ASCII (IDNs as A-labels): the
    /// server listens on 127.0.0.1 and its certificate names it.
    case named(String)

    /// The loopback names a scenario file writes as they are.
    public static let loopbackNames = ["127.0.0.1", "localhost"]

    /// The host for a scenario's `host:` value: `127.0.0.1`, `localhost`, or a name under `.test`.
    public init?(_ text: String) {
        switch text {
        case "127.0.0.1": self = .ipv4Loopback
        case "localhost": self = .localhost
        default:
            guard Self.isTestName(text) else { return nil }
            self = .named(text)
        }
    }

    /// The name as it appears in URLs.
    public var name: String {
        switch self {
        case .ipv4Loopback: "127.0.0.1"
        case .localhost: "localhost"
        case .named(let name): name
        }
    }

    /// The name when the client must be told how to resolve it (a ``named(_:)`` host), else `nil`.
    public var resolvedName: String? {
        switch self {
        case .ipv4Loopback, .localhost: nil
        case .named(let name): name
        }
    }

    public var description: String { name }

    /// Whether `text` is an IPv4 dotted quad or holds a colon (an IPv6 literal); the PKI parses it
    /// exactly.
    static func isIPLiteral(_ text: String) -> Bool {
        if text.contains(":") { return text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in (1...3).contains(part.count) && part.allSatisfy(\.isNumber) }
    }

    /// Whether `text` is a lower-case DNS name of two labels or more ending in `.test`: letters,
    /// digits and inner hyphens, each label 1–63 characters, 253 in all.
    static func isTestName(_ text: String) -> Bool {
        guard text.utf8.count <= 253, text.hasSuffix(".test") else { return false }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-" else { return false }
            return label.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            }
        }
    }
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
