import MockAuthPKI
import MockAuthScenario
import MockAuthSchemes
import NIOHTTP1
import Synchronization

/// What one scenario server does with a request: how its role decides (``decider``: an origin's
/// routes, each with the gate of its protection space, or the revocation server's responder), its
/// gates, and its time limits.
struct ServerBehavior: Sendable {
    struct Route: Sendable {
        let spec: RouteSpec
        let gate: AuthGate?
        /// The fields the route adds to its answers (its headers, then a `Set-Cookie` per cookie),
        /// made once: each response starts from them.
        let responseFields: HTTPHeaders

        init(spec: RouteSpec, gate: AuthGate?) {
            self.spec = spec
            self.gate = gate
            responseFields = HTTPHeaders(
                spec.headers.map { ($0.name, $0.value) } + spec.cookies.map { ("Set-Cookie", $0) })
        }
    }

    let server: String
    /// How a request is decided: by the routes of an origin, or by the revocation server's responder.
    let decider: any RequestDecider
    /// Every gate of the server, once each.
    let gates: [AuthGate]
    /// How long the server waits for a slow client.
    let limits: ConnectionLimits
    /// Where an origin holds its challenges while its client sends its requests at once
    /// (`concurrent: true`); `nil`: every answer goes out at once.
    let gathering: ChallengeGathering?

    /// - Parameters:
    ///   - revocation: the authority a revocation server answers from (its role alone does not
    ///     make one: without it, it answers as an origin with no route).
    ///   - kerberos: how the server's own auth verifies Kerberos tickets, when its realm's KDC
    ///     issues them.
    ///   - ledger: the run's token ledger, when the scenario has a token endpoint: the endpoint
    ///     issues from it, and a Bearer space with `token-endpoint:` accepts what it holds.
    ///   - gathering: where an origin's challenges wait for each other, when its client sends
    ///     its requests at once.
    init(
        spec: ServerSpec, endpoints: EndpointDirectory, limits: ConnectionLimits = .default,
        revocation: RevocationAuthority? = nil, kerberos: KerberosVerification? = nil, ledger: TokenLedger? = nil,
        gathering: ChallengeGathering? = nil
    ) {
        self.limits = limits
        self.gathering = gathering
        let side: ChallengeSide = spec.role.relays ? .proxy : .origin
        func makeGate(_ auth: AuthSpec, kerberos: KerberosVerification? = nil) -> AuthGate {
            AuthGate(spec: auth, side: side, kerberos: kerberos, ledger: auth.tokenEndpoint == nil ? nil : ledger)
        }
        // Kerberos is the server's own auth's (the loader refuses it on a route's).
        let serverGate = spec.auth.map { makeGate($0, kerberos: kerberos) }
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
                let gate = gates.first { $0.spec == auth } ?? makeGate(auth)
                if !gates.contains(where: { $0 === gate }) { gates.append(gate) }
                routes.append(Route(spec: route, gate: gate))
            }
        }
        self.server = spec.id
        self.gates = gates
        if spec.role == .revocation, let revocation {
            decider = RevocationResponder(authority: revocation)
        } else if spec.tokenEndpoint != nil, let ledger {
            decider = TokenEndpointResponder(machine: TokenEndpointMachine(ledger: ledger))
        } else {
            decider = OriginRoutes(routes: routes, endpoints: endpoints)
        }
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
