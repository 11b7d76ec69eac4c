import Foundation
import MockAuthSchemes

/// One server of a scenario: where it listens, what TLS it presents and how it answers.
package struct ServerSpec: Sendable, Equatable {
    /// The id the rest of the scenario uses for this server (`origin`, `other` …).
    package var id: String
    /// The host name the client is told to use.
    package var host: ListenHost
    /// The TLS the server presents, or `nil` for plain HTTP. On a proxy, the TLS the client speaks
    /// to the proxy itself (an HTTPS proxy, `MOCKAUTH_PROXY_URL=https://…`).
    package var tls: TLSSpec?
    /// The routes, in order; the first whose path matches answers.
    package var routes: [RouteSpec]
    /// The authentication every route demands unless it says otherwise (401, or 407 on a proxy).
    package var auth: AuthSpec?
    /// What the server is: an origin, a forward or SOCKS5 proxy, the revocation server.
    package var role: ServerRole
    /// This server's own time limits on slow clients, each overriding the run's (`limits:`).
    package var limits: ServerTimeLimits
    /// Whether the server speaks HTTP/2, beside HTTP/1.1 or alone (`http2:`).
    package var http2: HTTP2Offer
    /// Other names under `.test` that reach this server (`aliases:`), in ASCII: the client is told
    /// how to resolve them as it is for ``host``, but no certificate names them unless `san` does.
    package var aliases: [String]
    /// The name the server's address is recorded under, of which ``host`` is an alias, as a DNS
    /// CNAME makes one (`canonical-name:`), in ASCII: the client is told to resolve both, and a
    /// resolver asked for ``host``'s canonical name answers this one; no certificate names it.
    package var canonicalName: String?

    package init(
        id: String, role: ServerRole = .origin, host: ListenHost = .ipv4Loopback, tls: TLSSpec? = nil,
        routes: [RouteSpec] = [.default], auth: AuthSpec? = nil, limits: ServerTimeLimits = ServerTimeLimits(),
        http2: HTTP2Offer = .no, aliases: [String] = [], canonicalName: String? = nil
    ) {
        self.canonicalName = canonicalName
        self.id = id
        self.role = role
        self.host = host
        self.tls = tls
        self.routes = routes
        self.auth = auth
        self.limits = limits
        self.http2 = http2
        self.aliases = aliases
    }

    /// The token endpoint's configuration, when the server is one.
    package var tokenEndpoint: TokenEndpointConfiguration? {
        guard case .tokenEndpoint(let configuration) = role else { return nil }
        return configuration
    }

    /// The path a token endpoint answers at.
    package static let tokenPath = TokenEndpointConfiguration.path
    /// The path of the CRL on a revocation server.
    package static let crlPath = "/crl"
    /// The path of the OCSP responder on a revocation server (GET requests append the request).
    package static let ocspPath = "/ocsp"

    /// `https` or `http`; `socks5` for a SOCKS5 proxy (the client is told `MOCKAUTH_PROXY_URL=socks5://…`,
    /// `socks5h://…` with ``ProxyClientSpec/remoteDNS``).
    package var urlScheme: String {
        switch role {
        case .socks5: "socks5"
        case .origin, .forwardProxy, .revocation, .tokenEndpoint: tls == nil ? "http" : "https"
        }
    }
}

/// The name a server is reached by. Every server listens on loopback; a ``named(_:)`` server is
/// reached by a name under the reserved `.test` domain (RFC 6761), which the client is told how to
/// resolve (`MOCKAUTH_RESOLVE`, `MOCKAUTH_HOSTS_FILE`, `check --isolate-hosts`): no DNS is involved.
package enum ListenHost: Sendable, Hashable, CustomStringConvertible {
    /// `127.0.0.1`: the server listens on the IPv4 loopback address.
    case ipv4Loopback
    /// `localhost`: the server listens on 127.0.0.1 and, where the machine has it, on ::1.
    case localhost
    /// A DNS name under `.test` (`api.mockauth.test`), lower-case, as URLs write it: in ASCII, or
    /// with U-labels (`bücher.test`), or absolute (`api.dot.test.`). The server listens on
    /// 127.0.0.1; the client resolves, and the certificate names, its ``resolvedName``.
    case named(String)

    /// The loopback names a scenario file writes as they are.
    package static let loopbackNames = ["127.0.0.1", "localhost"]

    /// The host for a scenario's `host:` value: `127.0.0.1`, `localhost`, or a name under `.test`.
    package init?(_ text: String) {
        switch text {
        case "127.0.0.1": self = .ipv4Loopback
        case "localhost": self = .localhost
        default:
            guard let ascii = Self.asciiName(of: text), Self.isTestName(ascii) else { return nil }
            self = .named(text)
        }
    }

    /// The name as it appears in URLs.
    package var name: String {
        switch self {
        case .ipv4Loopback: "127.0.0.1"
        case .localhost: "localhost"
        case .named(let name): name
        }
    }

    /// The name when the client must be told how to resolve it (a ``named(_:)`` host), else `nil`:
    /// its A-labels, without a final dot, as a certificate holds it.
    package var resolvedName: String? {
        switch self {
        case .ipv4Loopback, .localhost: nil
        case .named(let name): Self.asciiName(of: name) ?? name
        }
    }

    /// Every form of the name a client may look up: ``resolvedName``, and for an absolute name
    /// (`api.dot.test.`) that form too, which some resolvers (curl's `--resolve`) key on as written.
    package var resolvableNames: [String] {
        guard let resolvedName else { return [] }
        return name.hasSuffix(".") ? [resolvedName, resolvedName + "."] : [resolvedName]
    }

    package var description: String { name }

    /// `text` in ASCII (IDNA ToASCII, RFC 5891 §4): each label that is not ASCII, in Unicode
    /// normalization form C, becomes `xn--` and its Punycode; one final dot is dropped. `nil` when a
    /// label is empty or holds anything but lower-case letters, digits, marks and hyphens.
    static func asciiName(of text: String) -> String? {
        let relative = text.hasSuffix(".") ? String(text.dropLast()) : text
        var labels: [String] = []
        for label in relative.split(separator: ".", omittingEmptySubsequences: false) {
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                labels.append(String(label))
                continue
            }
            let composed = String(label).precomposedStringWithCanonicalMapping
            let allowed = composed.unicodeScalars.allSatisfy { scalar in
                scalar == "-" || scalar.properties.numericType != nil
                    || (scalar.properties.isAlphabetic && !scalar.properties.isUppercase)
                    || scalar.properties.generalCategory == .nonspacingMark
            }
            guard allowed, let encoded = Punycode.encode(composed) else { return nil }
            labels.append("xn--" + encoded)
        }
        return labels.joined(separator: ".")
    }

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
package struct ServerTimeLimits: Sendable, Equatable {
    /// For the TLS handshake (`handshake:`).
    package var handshakeSeconds: Int?
    /// For a complete request head, on a new connection and after each response (`request-head:`).
    package var requestHeadSeconds: Int?
    /// For any one connection (`connection:`).
    package var connectionSeconds: Int?

    package init(handshakeSeconds: Int? = nil, requestHeadSeconds: Int? = nil, connectionSeconds: Int? = nil) {
        self.handshakeSeconds = handshakeSeconds
        self.requestHeadSeconds = requestHeadSeconds
        self.connectionSeconds = connectionSeconds
    }
}
