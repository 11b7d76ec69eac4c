import MockAuthPKI
import MockAuthScenario
import MockAuthSchemes
import Synchronization

/// What one scenario server does with a request: its routes, each with the gate of its protection
/// space, and where the other servers are (for redirects).
struct ServerBehavior: Sendable {
    struct Route: Sendable {
        let spec: RouteSpec
        let gate: AuthGate?
        /// The header lines the route adds to its answers (its headers, then a `Set-Cookie` per
        /// cookie), made once: each response takes them as they are.
        let responseHeaders: [(String, String)]

        init(spec: RouteSpec, gate: AuthGate?) {
            self.spec = spec
            self.gate = gate
            responseHeaders = spec.headers.map { ($0.name, $0.value) } + spec.cookies.map { ("Set-Cookie", $0) }
        }
    }

    let server: String
    let routes: [Route]
    let endpoints: EndpointDirectory
    /// Every gate of the server, once each.
    let gates: [AuthGate]
    /// How long the server waits for a slow client.
    let limits: ConnectionLimits
    /// The CRL and OCSP responder a revocation server answers from, instead of routes.
    let revocation: RevocationAuthority?

    init(
        spec: ServerSpec, endpoints: EndpointDirectory, limits: ConnectionLimits = .default,
        revocation: RevocationAuthority? = nil
    ) {
        self.limits = limits
        self.revocation = spec.role == .revocation ? revocation : nil
        let side: ChallengeSide = spec.role.relays ? .proxy : .origin
        let serverGate = spec.auth.map { AuthGate(spec: $0, side: side) }
        var gates = serverGate.map { [$0] } ?? []
        var routes: [Route] = []
        for route in spec.routes {
            switch route.auth {
            case .server:
                routes.append(Route(spec: route, gate: serverGate))
            case .none:
                routes.append(Route(spec: route, gate: nil))
            case .own(let auth):
                // Routes with the same auth section share one protection space.
                let gate = gates.first { $0.spec == auth } ?? AuthGate(spec: auth, side: side)
                if !gates.contains(where: { $0 === gate }) { gates.append(gate) }
                routes.append(Route(spec: route, gate: gate))
            }
        }
        self.server = spec.id
        self.routes = routes
        self.endpoints = endpoints
        self.gates = gates
    }

    /// The route answering `path`: the first that matches.
    func route(for path: String) -> Route? {
        routes.first { $0.spec.matches(path: path) }
    }
}

/// Where every server of a scenario listens, filled once all are bound (a redirect may point at a
/// server bound after the one that redirects).
final class EndpointDirectory: Sendable {
    private let endpoints = Mutex<[String: ServerEndpoint]>([:])

    func register(_ endpoint: ServerEndpoint) {
        endpoints.withLock { $0[endpoint.server] = endpoint }
    }

    func endpoint(_ server: String) -> ServerEndpoint? {
        endpoints.withLock { $0[server] }
    }
}
