import MockAuthScenario

extension ProxyPolicy {
    /// The policy of a scenario's proxy server: it reaches the scenario's own servers only, and
    /// authenticates with the server's gate (407 and `Proxy-Authenticate`), if it has one.
    init(allowedTargets: Set<ProxyTarget>, gate: AuthGate?) {
        self.init(allowedTargets: allowedTargets) { request in
            guard let gate else { return (.allow(responseHeaders: []), nil) }
            let result = gate.check(
                method: request.method, target: request.target, credentials: request.proxyAuthorization, body: [],
                connectionID: request.connectionID)
            switch result.decision {
            case .pass(let headers): return (.allow(responseHeaders: headers), result.record)
            case .challenge(let headers): return (.challenge(values: headers.map(\.1)), result.record)
            case .badRequest(let reason): return (.malformed(reason: reason), result.record)
            }
        }
    }

    /// Every address a client may name for the scenario's non-proxy servers.
    static func targets(of endpoints: [ServerEndpoint]) -> Set<ProxyTarget> {
        var targets: Set<ProxyTarget> = []
        for endpoint in endpoints {
            targets.insert(ProxyTarget(host: endpoint.host.name, port: endpoint.port))
            if endpoint.host == .localhost {
                targets.insert(ProxyTarget(host: "127.0.0.1", port: endpoint.port))
                if endpoint.listensOnIPv6 { targets.insert(ProxyTarget(host: "::1", port: endpoint.port)) }
            }
        }
        return targets
    }
}
