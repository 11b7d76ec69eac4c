import MockAuth

extension Scenario {
    /// What a client needs to be able to do to take part in this scenario at all.
    public var requiredCapabilities: Set<ClientCapability> {
        var needs: Set<ClientCapability> = []
        if client.trust == .harnessRoot, servers.contains(where: { $0.tls != nil }) { needs.insert(.customTrustRoots) }
        if client.identity { needs.insert(.clientCertificate) }
        if client.pin { needs.insert(.pinning) }
        if client.proxy != nil { needs.insert(.proxy) }
        for spec in servers.compactMap(\.auth) + servers.flatMap(\.routes).compactMap(\.ownAuth) {
            needs.insert(.originAuthentication)
            for scheme in spec.schemes where scheme != .basic { needs.insert(.scheme(scheme.name)) }
        }
        return needs
    }
}

extension RouteSpec {
    var ownAuth: AuthSpec? {
        if case .own(let spec) = auth { return spec }
        return nil
    }
}
