import MockAuthSchemes
import MockAuthVocabulary
import Yams

extension ServerSpec {
    /// Reads the `servers:` mapping (id → server).
    static func readAll(_ node: Node, file: String) throws(ScenarioError) -> [ServerSpec] {
        let servers = try YAMLMapping(node, file: file, context: "'servers'")
        guard !servers.keys.isEmpty else {
            throw ScenarioError(
                .missingKey, at: servers.location, "'servers' needs at least one server",
                hint: "servers:\n      origin:\n        tls: { profile: valid }")
        }
        var mapping = servers
        var result: [ServerSpec] = []
        for id in servers.keys {
            guard id.isScenarioIdentifier else {
                throw ScenarioError(
                    .invalidValue, at: servers.location(of: id),
                    "server id '\(id)' must be lower-case letters, digits and dashes", hint: "origin")
            }
            guard let serverNode = mapping.node(id) else { continue }
            result.append(try read(serverNode, id: id, file: file))
        }
        return result
    }

    private static func read(_ node: Node, id: String, file: String) throws(ScenarioError) -> ServerSpec {
        var server = try YAMLMapping(node, file: file, context: "server '\(id)'")
        var host = ListenHost.ipv4Loopback
        if let name = try server.string("host") {
            guard let named = ListenHost(name) else {
                throw ScenarioError(
                    .invalidValue, at: server.location(of: "host"),
                    "host '\(name)' is neither 127.0.0.1, localhost nor a lower-case name under .test",
                    hint: "host: api.mockauth.test")
            }
            host = named
        }
        var aliases: [String] = []
        for alias in try server.strings("aliases") ?? [] {
            guard case .named = ListenHost(alias), let ascii = ListenHost(alias)?.resolvedName else {
                throw ScenarioError(
                    .invalidValue, at: server.location(of: "aliases"),
                    "alias '\(alias)' is not a lower-case name under .test", hint: "aliases: [other.mockauth.test]")
            }
            aliases.append(ascii)
        }
        var canonicalName: String?
        if let name = try server.string("canonical-name") {
            guard case .named = ListenHost(name), let ascii = ListenHost(name)?.resolvedName else {
                throw ScenarioError(
                    .invalidValue, at: server.location(of: "canonical-name"),
                    "canonical name '\(name)' is not a lower-case name under .test",
                    hint: "canonical-name: host-7.corp.test")
            }
            guard host.resolvedName != nil, ascii != host.resolvedName else {
                throw ScenarioError(
                    .invalidValue, at: server.location(of: "canonical-name"),
                    "'canonical-name' makes 'host' an alias of another name under .test: the server needs a 'host' "
                        + "under .test other than it",
                    hint: "host: portal.test\n    canonical-name: host-7.corp.test")
            }
            canonicalName = ascii
        }
        let tls = try server.node("tls").map { (node) throws(ScenarioError) in try TLSSpec.read(node, file: file) }
        let routes = try server.node("routes").map { (node) throws(ScenarioError) in
            try RouteSpec.readAll(node, file: file)
        }
        let proxy = try readProxyKind(&server)
        let auth = try server.node("auth").map { (node) throws(ScenarioError) in
            try AuthSpec.read(node, file: file, onProxy: proxy == .http)
        }
        let http2 = try HTTP2Offer.read(&server)
        let revocation = try server.bool("revocation") ?? false
        let tokenEndpoint = try server.node("token-endpoint").map { (node) throws(ScenarioError) in
            try TokenEndpointConfiguration.read(node, file: file)
        }
        let limits = try server.node("limits").map { (node) throws(ScenarioError) in
            try ServerTimeLimits.read(node, file: file)
        }
        let socksAccount = try server.node("credentials").map { (node) throws(ScenarioError) in
            try Account.read(node, file: file, context: "a SOCKS5 proxy's credentials")
        }
        if socksAccount != nil, proxy != .socks5 {
            throw ScenarioError(
                .invalidValue, at: server.location(of: "credentials"),
                "'credentials' is the RFC 1929 account of a SOCKS5 proxy (proxy: socks5); an HTTP server takes auth",
                hint: "proxy: socks5")
        }
        if let account = socksAccount,
            !(1...255).contains(account.username.utf8.count) || !(1...255).contains(account.password.utf8.count)
        {
            throw ScenarioError(
                .invalidValue, at: server.location(of: "credentials"),
                "RFC 1929 carries a username and a password of 1 to 255 bytes each",
                hint: "credentials: { username: socks-user, password: tunnel-7 }")
        }
        if proxy == .socks5,
            let other = [("tls", tls != nil), ("routes", routes != nil), ("auth", auth != nil)].first(where: \.1)?.0
        {
            throw ScenarioError(
                .invalidValue, at: server.location(of: other),
                "a SOCKS5 proxy has no \(other) (it relays bytes; TLS goes to the origin through its tunnel)",
                hint: "remove '\(other)'")
        }
        if proxy != nil, http2.offersHTTP2 {
            throw ScenarioError(
                .invalidValue, at: server.location(of: "http2"),
                "a proxy server speaks HTTP/1.1 only (HTTP/2 is for origins)", hint: "remove 'http2'")
        }
        let given: [(key: String, present: Bool)] = [
            ("tls", tls != nil), ("routes", routes != nil), ("auth", auth != nil), ("proxy", proxy != nil),
            ("http2", http2.offersHTTP2),
        ]
        if revocation, let other = given.first(where: \.present)?.key {
            throw ScenarioError(
                .invalidValue, at: server.location(of: other),
                "a revocation server speaks plain HTTP and serves only the CRL and the OCSP responder",
                hint: "remove '\(other)'")
        }
        if auth?.kerberos != nil {
            guard host.resolvedName != nil else {
                throw ScenarioError(
                    .invalidValue, at: server.location(of: "auth"),
                    "a Kerberos server needs a name under .test: its service principal is HTTP/<host>, and a "
                        + "ticket for an address or for localhost names no one service",
                    hint: "host: www.mockauth.test")
            }
        }
        if let route = routes?.first(where: { if case .own(let spec) = $0.auth { spec.kerberos != nil } else { false } }
        ) {
            throw ScenarioError(
                .invalidValue, at: server.location(of: "routes"),
                "route '\(route.path)': Kerberos is the server's (one service principal per host), not a route's",
                hint: "auth: { schemes: [negotiate], kerberos: true, username: alice, password: secret }")
        }
        if http2 == .only, tls == nil {
            throw ScenarioError(
                .invalidValue, at: server.location(of: "http2"),
                "'http2: only' is offered by ALPN, in the TLS handshake: the server needs 'tls'",
                hint: "tls: { profile: valid }")
        }
        if tokenEndpoint != nil,
            let other = [
                ("routes", routes != nil), ("auth", auth != nil), ("proxy", proxy != nil),
                ("http2", http2.offersHTTP2), ("revocation", revocation),
            ].first(where: \.1)?.0
        {
            throw ScenarioError(
                .invalidValue, at: server.location(of: other),
                "a token endpoint answers POST \(TokenEndpointConfiguration.path) only, with its own client authentication",
                hint: "remove '\(other)'")
        }
        try server.finish()
        let role: ServerRole =
            switch proxy {
            case .http?: .forwardProxy
            case .socks5?: .socks5(account: socksAccount)
            case nil: tokenEndpoint.map(ServerRole.tokenEndpoint) ?? (revocation ? .revocation : .origin)
            }
        return ServerSpec(
            id: id, role: role, host: host, tls: tls, routes: routes ?? [.default], auth: auth,
            limits: limits ?? ServerTimeLimits(), http2: http2, aliases: aliases, canonicalName: canonicalName)
    }

    /// The kinds of proxy `proxy:` names.
    private enum ProxyKind {
        case http, socks5
    }

    /// `proxy:`: `true` (an HTTP forward proxy), `false` (none: `nil`), or `socks5` (a SOCKS5 proxy).
    private static func readProxyKind(_ server: inout YAMLMapping) throws(ScenarioError) -> ProxyKind? {
        let location = server.location(of: "proxy")
        guard let text = try server.string("proxy") else { return nil }
        switch text {
        case "true", "yes": return .http
        case "false", "no": return nil
        case "socks5": return .socks5
        default:
            throw ScenarioError(
                .invalidValue, at: location, "'proxy' must be true, false or socks5, not '\(text)'",
                hint: "proxy: socks5")
        }
    }
}

extension ServerTimeLimits {
    static func read(_ node: Node, file: String) throws(ScenarioError) -> ServerTimeLimits {
        var limits = try YAMLMapping(node, file: file, context: "the limits section")
        func seconds(_ key: String) throws(ScenarioError) -> Int? {
            guard let value = try limits.int(key) else { return nil }
            guard value > 0 else {
                throw ScenarioError(
                    .invalidValue, at: limits.location(of: key), "'\(key)' is a number of seconds above zero",
                    hint: "\(key): 5")
            }
            return value
        }
        let result = ServerTimeLimits(
            handshakeSeconds: try seconds("handshake"), requestHeadSeconds: try seconds("request-head"),
            connectionSeconds: try seconds("connection"))
        try limits.finish()
        return result
    }
}

extension TLSSpec {
    static func read(_ node: Node, file: String) throws(ScenarioError) -> TLSSpec {
        var tls = try YAMLMapping(node, file: file, context: "the tls section")
        let profileNode = try tls.required("profile", example: "profile: valid")
        let profile = try profileNode.word(TLSProfile.self, file: file, what: "TLS profile", key: "profile")
        let key = try tls.word("key", KeyAlgorithm.self, what: "key algorithm") ?? .p256
        var names: CertificateNames?
        if let sanNode = tls.node("san") {
            guard profile.traits.acceptsNames else {
                throw ScenarioError(
                    .invalidValue, at: tls.location(of: "san"),
                    "'san' replaces the names of a certificate; the \(profile) profile sets its own",
                    hint: "profile: valid")
            }
            var san = try YAMLMapping(sanNode, file: file, context: "the tls san")
            let dns = try san.strings("dns") ?? []
            let ip = try san.strings("ip") ?? []
            try san.finish()
            guard !dns.isEmpty || !ip.isEmpty else {
                throw ScenarioError(
                    .invalidValue, at: tls.location(of: "san"), "'san' needs at least one name",
                    hint: "san: { dns: [\"*.wild.test\"] }")
            }
            for address in ip where !ListenHost.isIPLiteral(address) {
                throw ScenarioError(
                    .invalidValue, at: tls.location(of: "san"), "'\(address)' in san.ip is not an IP address",
                    hint: "san: { ip: [127.0.0.1] }")
            }
            names = CertificateNames(dnsNames: dns, ipAddresses: ip)
        }
        let pinnedKey = try tls.word("pinned-key", PinnedKey.self, what: "pinned key")
        if pinnedKey != nil, !profile.traits.acceptsPinnedKey || key != .p256 {
            throw ScenarioError(
                .invalidValue, at: tls.location(of: "pinned-key"),
                "'pinned-key' gives the leaf a P-256 pinned key; the \(profile) profile or an \(key) key chooses its own",
                hint: "profile: valid")
        }
        try tls.finish()
        return TLSSpec(profile: profile, key: key, names: names, pinnedKey: pinnedKey)
    }
}

extension RouteSpec {
    static func readAll(_ node: Node, file: String) throws(ScenarioError) -> [RouteSpec] {
        let example = "routes:\n      - path: /\n        status: 200"
        return try node.sequenceElements(file: file, what: "'routes'", example: example).map {
            (element) throws(ScenarioError) in try read(element, file: file)
        }
    }

    private static func read(_ node: Node, file: String) throws(ScenarioError) -> RouteSpec {
        var route = try YAMLMapping(node, file: file, context: "a route")
        let pathNode = try route.required("path", example: "path: /")
        let path = try pathNode.scalarString(file: file, what: "'path'")
        guard path.hasPrefix("/") else {
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(pathNode, file: file),
                "a route path starts with '/', not '\(path)'",
                hint: "path: /\(path)")
        }
        let status = try route.int("status") ?? 200
        guard (100...599).contains(status) else {
            throw ScenarioError(
                .invalidValue, at: route.location(of: "status"), "status \(status) is not an HTTP status code",
                hint: "status: 200")
        }
        let body = try route.string("body") ?? "ok\n"
        let subpaths = try route.bool("subpaths") ?? false
        var auth = RouteAuth.server
        if let authNode = route.node("auth") {
            if case .scalar(let scalar) = authNode {
                guard scalar.string == "false" || scalar.string == "none" else {
                    throw ScenarioError(
                        .invalidValue, at: ScenarioLocation(authNode, file: file),
                        "a route's auth is 'none' (public) or an auth section of its own", hint: "auth: none")
                }
                auth = .none
            } else {
                auth = .own(try AuthSpec.read(authNode, file: file))
            }
        }
        let redirect = try route.node("redirect").map { (node) throws(ScenarioError) in
            try RedirectSpec.read(node, file: file)
        }
        let headers = try route.node("headers").map { (node) throws(ScenarioError) in
            try HeaderField.readList(node, file: file, context: "the route's headers")
        }
        let cookies = try readCookies(&route)
        try route.finish()
        return RouteSpec(
            path: path, matchesSubpaths: subpaths, status: status, body: body, headers: headers ?? [],
            cookies: cookies, auth: auth, redirect: redirect)
    }
}

extension String {
    /// Lower-case letters, digits and dashes, starting with a letter: scenario and server names.
    var isScenarioIdentifier: Bool {
        guard let first = unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

extension HTTP2Offer {
    /// Reads a server's `http2: false | true | only` (default `false`).
    fileprivate static func read(_ server: inout YAMLMapping) throws(ScenarioError) -> HTTP2Offer {
        guard let node = server.node("http2") else { return .no }
        let text = try node.scalarString(file: server.file, what: "'http2'")
        switch text {
        case "false", "no": return .no
        case "true", "yes": return .besideHTTP1
        case "only": return .only
        default:
            throw ScenarioError(
                .invalidValue, at: ScenarioLocation(node, file: server.file),
                "'http2' is true (HTTP/2 beside HTTP/1.1), only (HTTP/2 alone) or false, not '\(text)'",
                hint: "http2: true")
        }
    }
}
