import MockAuthVocabulary

/// Something a scenario needs from a client. The one model of "what a scenario needs" and "what a
/// client can do": scenarios derive theirs (`Scenario.requirements`), client adapters declare
/// what they lack, and `mockauthd conform --lacks` takes the same names. A client that lacks a
/// feature a scenario needs is skipped there, with the feature named.
public enum ClientFeature: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Speaking TLS.
    case tls
    /// Trusting the anchor it is given (`MOCKAUTH_CA_FILE`) instead of, or besides, the system store.
    case customTrustAnchors
    /// Presenting a client certificate.
    case clientCertificate
    /// Pinning a public key.
    case pinning
    /// Using a forward proxy.
    case proxy
    /// Speaking TLS to the forward proxy itself (an HTTPS proxy, `MOCKAUTH_PROXY_URL=https://…`),
    /// verifying its certificate against the anchor it is given.
    case httpsProxy
    /// Using a SOCKS5 proxy (RFC 1928, `MOCKAUTH_PROXY_URL=socks5://…`): its greeting, its
    /// CONNECT, and the client's own protocol through the tunnel.
    case socks
    /// Answering a SOCKS5 proxy's username/password step (RFC 1929) with the proxy account it is
    /// given (`MOCKAUTH_PROXY_USERNAME`, `_PASSWORD`). Clients whose SOCKS support has no
    /// authentication (AsyncHTTPClient's `socksServer`) lack it.
    case socksAuth
    /// Going around the proxy for the hosts it is told to (`MOCKAUTH_NO_PROXY`, listed as
    /// `NO_PROXY` lists them) and through it for every other: curl's `--noproxy`, requests'
    /// `no_proxy`, Java's `http.nonProxyHosts`, Go's `httpproxy.Config.NoProxy`.
    case noProxy
    /// Following redirects.
    case redirects
    /// Sending header lines it is given (`MOCKAUTH_HEADERS`) with its request.
    case customHeaders
    /// Reaching servers by names no DNS knows, as it is told (`MOCKAUTH_RESOLVE`, a hosts file).
    case hostNames
    /// Verifying a TLS server its URL names by IP address (`https://127.0.0.1:…`, every server
    /// without a `host:`) against the address entries of the certificate (RFC 9525 §6.2.1). Clients
    /// whose TLS verifies DNS names only (rustls before 0.21: a `ServerName` was a DNS name) lack it.
    case ipAddressHosts
    /// Keeping the cookies servers set (`Set-Cookie`) and sending them back (RFC 6265bis): a cookie
    /// store. Clients with none (Node.js `fetch`, urllib without a cookie jar) lack it.
    case cookies
    /// Keeping the Strict-Transport-Security policy a host sends over HTTPS (RFC 6797) and using
    /// HTTPS for that host from then on, even when given an `http://` URL: an HSTS store (curl with
    /// `--hsts`, browsers). Clients with none (requests, urllib, AsyncHTTPClient) lack it.
    case hsts
    /// Speaking HTTP/2 (RFC 9113): choosing `h2` by ALPN, where a server offers it alone
    /// (`http2: only`). Clients of HTTP/1.1 alone (requests, urllib, wget) lack it.
    case http2
    /// Resolving the scenario's names through the system's own resolver with the run's hosts file as
    /// `/etc/hosts` (`MOCKAUTH_HOSTS_FILE` mounted there, as `check --isolate-hosts` does: a command,
    /// on Linux): what a scenario whose server name is an alias (`canonical-name`) needs, since only
    /// the system resolver sees the alias (a library that canonicalises names asks it).
    case systemHosts
    /// Answering `Negotiate` with a Kerberos ticket (RFC 4559 with RFC 4121): reading the realm's
    /// configuration and credential cache it is given (`MOCKAUTH_KRB5_CONFIG`, `MOCKAUTH_KRB5CCNAME`)
    /// through the platform's GSS-API, as curl `--negotiate` and requests-gssapi do. Clients whose
    /// Negotiate is NTLM alone, or that have no Negotiate, lack it.
    case kerberos
    /// Refreshing an OAuth 2.0 access token (RFC 6749 §6) at the token endpoint it is given
    /// (`MOCKAUTH_TOKEN_URL`, `MOCKAUTH_CLIENT_ID`, `_SECRET`, `MOCKAUTH_REFRESH_TOKEN`) when a
    /// resource server answers `invalid_token`, and retrying with the new token. Clients that send a
    /// fixed token they are given (curl's `--oauth2-bearer`, a header set by hand) lack it.
    case tokenRefresh

    /// Answering challenges of one scheme (sending a bearer token, for `bearer`).
    case scheme(AuthSchemeSpec)

    /// Every feature, in the order documentation lists them.
    public static var allCases: [ClientFeature] {
        [
            .tls, .customTrustAnchors, .clientCertificate, .pinning, .proxy, .httpsProxy, .socks, .socksAuth,
            .noProxy, .redirects, .customHeaders, .hostNames, .ipAddressHosts, .cookies, .hsts, .http2, .kerberos,
            .systemHosts, .tokenRefresh,
        ]
            + AuthSchemeSpec.allCases.map(ClientFeature.scheme)
    }

    /// The feature's name, as `--lacks`, `MOCKAUTH_FEATURES` and reports write it: `tls`, `custom-ca`,
    /// `client-cert`, `pinning`, `proxy`, `https-proxy`, `socks`, `socks-auth`, `no-proxy`, `redirect`, `headers`, `host-names`,
    /// `ip-address`, `cookies`, `hsts`, `http2`, `kerberos`, `system-hosts`, `token-refresh`, or a scheme's name
    /// (`digest-sha256`, `ntlm` …).
    public var name: String {
        switch self {
        case .tls: "tls"
        case .customTrustAnchors: "custom-ca"
        case .clientCertificate: "client-cert"
        case .pinning: "pinning"
        case .proxy: "proxy"
        case .httpsProxy: "https-proxy"
        case .socks: "socks"
        case .socksAuth: "socks-auth"
        case .noProxy: "no-proxy"
        case .redirects: "redirect"
        case .customHeaders: "headers"
        case .hostNames: "host-names"
        case .ipAddressHosts: "ip-address"
        case .cookies: "cookies"
        case .hsts: "hsts"
        case .http2: "http2"
        case .kerberos: "kerberos"
        case .systemHosts: "system-hosts"
        case .tokenRefresh: "token-refresh"

        case .scheme(let scheme): scheme.rawValue
        }
    }

    /// The feature called `name`, or `nil`.
    public init?(name: String) {
        guard let feature = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = feature
    }

    /// Several features by name, space- or comma-separated; unknown names are returned apart.
    package static func parse(_ names: String) -> (features: Set<ClientFeature>, unknown: [String]) {
        var features: Set<ClientFeature> = []
        var unknown: [String] = []
        for name in names.split(whereSeparator: { (character: Character) in character == " " || character == "," }) {
            if let feature = ClientFeature(name: String(name)) {
                features.insert(feature)
            } else {
                unknown.append(String(name))
            }
        }
        return (features, unknown)
    }

    public static func < (lhs: ClientFeature, rhs: ClientFeature) -> Bool {
        let order = allCases
        return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }

    public var description: String { name }
}

/// What a client needs to take part in a scenario: features it must have, and choices of which it
/// must have at least one (a protection space that offers several schemes needs one of them).
public struct ClientRequirements: Sendable, Hashable, CustomStringConvertible {
    /// Every one of these.
    public var features: Set<ClientFeature>
    /// At least one of each.
    public var choices: Set<Set<ClientFeature>>

    package init(features: Set<ClientFeature> = [], choices: Set<Set<ClientFeature>> = []) {
        self.features = features
        self.choices = choices.filter { !$0.isEmpty }
    }

    /// What a client lacking `lacking` misses, in words ("ntlm", "digest-md5 or digest-sha256");
    /// empty when it can take part.
    public func unmet(lacking: Set<ClientFeature>) -> [String] {
        let missing = features.intersection(lacking).sorted().map(\.name)
        let choices = self.choices.filter { $0.isSubset(of: lacking) }.map {
            $0.sorted().map(\.name).joined(separator: " or ")
        }
        return missing + choices.sorted()
    }

    /// Whether a client lacking `lacking` can take part.
    public func areMet(lacking: Set<ClientFeature>) -> Bool { unmet(lacking: lacking).isEmpty }

    /// Every feature that appears, as one set.
    package var allFeatures: Set<ClientFeature> { features.union(choices.flatMap { $0 }) }

    /// The form of `MOCKAUTH_FEATURES`: names separated by spaces, the features of a choice joined
    /// by `|` ("tls custom-ca digest-md5|digest-sha256").
    package var environmentValue: String {
        (features.sorted().map(\.name) + choices.map { $0.sorted().map(\.name).joined(separator: "|") }.sorted())
            .joined(separator: " ")
    }

    /// Reads ``environmentValue``; unknown names are ignored (a newer harness may know more).
    package init(environmentValue: String) {
        var features: Set<ClientFeature> = []
        var choices: Set<Set<ClientFeature>> = []
        for word in environmentValue.split(separator: " ") {
            let alternatives = Set(word.split(separator: "|").compactMap { ClientFeature(name: String($0)) })
            if word.contains("|") {
                choices.insert(alternatives)
            } else {
                features.formUnion(alternatives)
            }
        }
        self.init(features: features, choices: choices)
    }

    public var description: String { environmentValue }
}

extension Scenario {
    /// What a client needs to take part in this scenario at all: TLS, trusting the given anchor, a
    /// client certificate, pinning, a proxy (over TLS for an HTTPS proxy, SOCKS5 for a SOCKS proxy, with RFC 1929's step when it
    /// asks for an account),
    /// following redirects, sending the headers it is given, keeping the cookies a server sets,
    /// keeping a host's Strict-Transport-Security policy (a route sends the field), speaking
    /// HTTP/2 where a server speaks nothing else, and for
    /// each protection space one
    /// of the schemes it offers that the scenario accepts (a rule may narrow the choice).
    public var requirements: ClientRequirements {
        var features: Set<ClientFeature> = []
        if servers.contains(where: { $0.tls != nil }) {
            features.insert(.tls)
            if client.trust.isGiven { features.insert(.customTrustAnchors) }
        }
        if client.identity != nil { features.insert(.clientCertificate) }
        if client.pin { features.insert(.pinning) }
        if let proxy = client.proxy {
            features.insert(.proxy)
            if server(proxy.server)?.tls != nil { features.insert(.httpsProxy) }
            if case .socks5(let account)? = server(proxy.server)?.role {
                features.insert(.socks)
                // RFC 1929's step: the proxy demands it, or the client is given an account for it.
                if account != nil || proxy.credentials != nil { features.insert(.socksAuth) }
            }
            if !proxy.bypass.isEmpty { features.insert(.noProxy) }
        }
        if servers.flatMap(\.routes).contains(where: { $0.redirect != nil }) { features.insert(.redirects) }
        if !client.headers.isEmpty { features.insert(.customHeaders) }
        // A proxy that resolves names for its client leaves it only the proxy's own name to resolve:
        // an HTTP proxy always (the client names the host in its CONNECT or absolute-form request),
        // a SOCKS5 proxy with `remote-dns`.
        let proxyResolves = client.proxy.map { proxy in
            proxy.remoteDNS || server(proxy.server)?.role == .forwardProxy
        }
        // The servers it goes around the proxy for (`bypass`) it reaches, and resolves, itself.
        let resolved =
            proxyResolves == true
            ? servers.filter { $0.id == client.proxy?.server || client.proxy?.bypass.contains($0.id) == true }
            : servers
        if resolved.contains(where: { $0.host.resolvedName != nil }) { features.insert(.hostNames) }
        // A TLS server named by its address: its certificate is checked against that address.
        if servers.contains(where: { $0.tls != nil && $0.host == .ipv4Loopback }) { features.insert(.ipAddressHosts) }
        if servers.flatMap(\.routes).contains(where: { !$0.cookies.isEmpty }) { features.insert(.cookies) }
        if servers.flatMap(\.routes).contains(where: \.setsStrictTransportSecurity) { features.insert(.hsts) }
        // A server of HTTP/2 alone; one that offers HTTP/1.1 too needs nothing of the client.
        if servers.contains(where: { $0.http2 == .only }) { features.insert(.http2) }
        if servers.contains(where: { $0.auth?.kerberos != nil }) { features.insert(.kerberos) }
        if servers.contains(where: { $0.canonicalName != nil }) { features.insert(.systemHosts) }
        if tokenEndpoint != nil { features.insert(.tokenRefresh) }

        var choices: Set<Set<ClientFeature>> = []
        for server in servers {
            let accepted = acceptedSchemes(server: server.id)
            let spaces =
                (server.auth.map { [$0] } ?? [])
                + server.routes.compactMap { route -> AuthSpec? in
                    switch route.auth {
                    case .own(let spec): spec
                    case .server, .none: nil
                    }
                }
            for space in spaces {
                let usable = space.schemes.filter { accepted?.contains($0.httpScheme) ?? true }
                choices.insert(Set((usable.isEmpty ? space.schemes : usable).map(ClientFeature.scheme)))
            }
        }
        // A choice of one is a plain requirement.
        for choice in choices where choice.count == 1 { features.formUnion(choice) }
        return ClientRequirements(features: features, choices: choices.filter { $0.count > 1 })
    }

    /// The schemes the scenario's rules accept for `server`, if one narrows them. A rule inside
    /// an alternative narrows nothing: an alternative is not a requirement.
    private func acceptedSchemes(server: String) -> Set<HTTPAuthScheme>? {
        var accepted: Set<HTTPAuthScheme>?
        for expectation in expectations {
            guard let schemes = expectation.rule.acceptedSchemes(server: server) else { continue }
            accepted = (accepted ?? schemes).intersection(schemes)
        }
        return accepted
    }
}
