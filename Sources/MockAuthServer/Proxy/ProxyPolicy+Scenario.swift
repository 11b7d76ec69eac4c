import MockAuthScenario

extension ProxyPolicy {
    /// The policy of a scenario's proxy server: it reaches the scenario's own servers only, and
    /// authenticates with the server's gate (407 and `Proxy-Authenticate`), if it has one, closing
    /// the connection after the challenge the gate says (`close-after-challenge`).
    init(allowedTargets: Set<ProxyTarget>, aliases: [ProxyTarget: ProxyTarget] = [:], gate: AuthGate?) {
        self.init(allowedTargets: allowedTargets) { request in
            guard let gate else { return ProxyAuthorization(decision: .pass(responseHeaders: [])) }
            let result = gate.check(
                method: request.method, target: request.target, credentials: request.proxyAuthorization, body: [],
                connectionID: request.connectionID)
            return ProxyAuthorization(
                decision: result.decision, record: result.record, closesConnection: gate.closesConnection(after: result)
            )
        }
        self.aliases = aliases
    }

    /// Every address a client may name for the scenario's non-proxy servers.
    static func targets(of endpoints: [ServerEndpoint]) -> Set<ProxyTarget> {
        var targets: Set<ProxyTarget> = []
        for endpoint in endpoints {
            targets.insert(ProxyTarget(host: endpoint.host.name, port: endpoint.port))
            for name in endpoint.resolvableNames { targets.insert(ProxyTarget(host: name, port: endpoint.port)) }
            if !endpoint.resolvableNames.isEmpty {
                targets.insert(ProxyTarget(host: "127.0.0.1", port: endpoint.port))
            }
            if endpoint.host == .localhost { targets.insert(ProxyTarget(host: "127.0.0.1", port: endpoint.port)) }
            if endpoint.listensOnIPv6 { targets.insert(ProxyTarget(host: "::1", port: endpoint.port)) }
        }
        return targets
    }

    /// The names another machine uses for the scenario's non-proxy servers (``ServerEndpoint/urlHost``
    /// when it is not the loopback name), each mapped to the address the server listens on here.
    static func aliases(of endpoints: [ServerEndpoint], addressing: ServerAddressing) -> [ProxyTarget: ProxyTarget] {
        var aliases: [ProxyTarget: ProxyTarget] = [:]
        let listening = addressing.concreteBindAddress ?? "127.0.0.1"
        for endpoint in endpoints {
            // Another machine's name for a server, or a name under .test: neither is in DNS.
            var names = endpoint.resolvableNames
            if endpoint.urlHost != endpoint.host.name { names.append(endpoint.urlHost) }
            for name in names {
                aliases[ProxyTarget(host: name, port: endpoint.port)] = ProxyTarget(
                    host: listening, port: endpoint.port)
            }
        }
        return aliases
    }
}
