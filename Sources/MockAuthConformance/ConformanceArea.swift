/// What a scenario tests, as the conformance summary and heat map group it: one area per scenario,
/// read from its tags by the first rule that matches (``init(tags:)``).
package enum ConformanceArea: String, Sendable, Codable, CaseIterable {
    case trust
    case names
    case chains
    case pinning
    case revocation
    case clientCertificates = "client-certificates"
    case authSchemes = "auth-schemes"
    case proxies
    case redirectsAndLeaks = "redirects-and-leaks"
    case bodies
    case http2

    /// The area of a scenario with `tags`, or `nil` when no rule matches (a test keeps every
    /// scenario of the catalog in an area). Rules run in this order, so a scenario that tests an
    /// HTTP/2 connection or a proxy is counted there whatever else it touches, and a cookie or
    /// redirect scenario over TLS is a leak scenario, not a trust one.
    package init?(tags: [String]) {
        let tags = Set(tags)
        let rules: [(ConformanceArea, Set<String>)] = [
            (.http2, ["http2"]),
            (.proxies, ["proxy", "socks"]),
            (.bodies, ["body"]),
            (.redirectsAndLeaks, ["redirect", "leak", "cookie", "hsts"]),
            (.pinning, ["pinning"]),
            (.revocation, ["revocation"]),
            (.clientCertificates, ["client-cert"]),
            (.chains, ["chains", "chain"]),
            (.names, ["names", "hostname"]),
            (.trust, ["tls"]),
            (.authSchemes, ["auth"]),
        ]
        guard let area = rules.first(where: { !$0.1.isDisjoint(with: tags) })?.0 else { return nil }
        self = area
    }

    /// The area's name in a table heading.
    package var title: String {
        switch self {
        case .trust: "trust"
        case .names: "names"
        case .chains: "chains"
        case .pinning: "pinning"
        case .revocation: "revocation"
        case .clientCertificates: "client certificates"
        case .authSchemes: "auth schemes"
        case .proxies: "proxies"
        case .redirectsAndLeaks: "redirects and leaks"
        case .bodies: "bodies"
        case .http2: "HTTP/2"
        }
    }
}
