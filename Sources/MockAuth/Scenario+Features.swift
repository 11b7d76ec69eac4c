import MockAuth

extension Scenario {
    /// The features a client needs for this scenario, by name: `tls`, `custom-ca`, `client-cert`,
    /// `pinning`, `proxy`, `redirect`, and each offered scheme (`basic`, `digest-sha256`, `ntlm` …).
    /// An adapter that lacks one is skipped on this scenario, with the reason.
    public var features: Set<String> {
        var features: Set<String> = []
        if servers.contains(where: { $0.tls != nil }) {
            features.insert("tls")
            if client.trust == .harnessRoot { features.insert("custom-ca") }
        }
        if client.identity { features.insert("client-cert") }
        if client.pin { features.insert("pinning") }
        if client.proxy != nil { features.insert("proxy") }
        if servers.flatMap(\.routes).contains(where: { $0.redirect != nil }) { features.insert("redirect") }
        let auths =
            servers.compactMap(\.auth)
            + servers.flatMap(\.routes).compactMap { route -> AuthSpec? in
                if case .own(let spec) = route.auth { return spec }
                return nil
            }
        for scheme in auths.flatMap(\.schemes) { features.insert(scheme.name) }
        return features
    }
}
