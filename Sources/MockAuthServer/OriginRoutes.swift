import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import NIOHTTP1

/// How an origin decides (``RequestDecider``): the first route whose path matches answers, behind its
/// gate (401 with the gate's challenges, 400 for credentials it cannot read, the route's own answer
/// and the gate's fields once they pass), and a route that redirects does so once the request got
/// through; a path no route matches gets 404. On an HTTP/2 stream, a request its gate can only
/// authenticate over HTTP/1.1 gets its stream reset instead (``AuthGate/requiresHTTP11(credentials:)``).
struct OriginRoutes: RequestDecider {
    let routes: [ServerBehavior.Route]
    /// Where every server of the scenario listens: a redirect names its target's URL.
    let endpoints: EndpointDirectory

    /// The route answering `path`: the first that matches.
    func route(for path: String) -> ServerBehavior.Route? {
        routes.first { $0.spec.matches(path: path) }
    }

    func gate(for path: String) -> AuthGate? {
        route(for: path)?.gate
    }

    func decide(
        _ head: HTTPRequestHead, body: [UInt8], check: (AuthGate) -> (result: GateResult, remembered: Bool)
    ) -> ResponseDecision {
        let path = head.path
        guard let route = route(for: path) else {
            return ResponseDecision(status: .notFound, text: "no route for \(path) in this scenario\n")
        }
        if let gate = route.gate,
            HTTPProtocolVersion(major: head.version.major, minor: head.version.minor)?.multiplexes == true,
            gate.requiresHTTP11(credentials: head.headers[gate.credentialsHeader])
        {
            var reset = ResponseDecision(status: .ok, text: "")
            reset.action = .resetStream(.http11Required)
            reset.auth = gate.resetRecord(credentials: head.headers[gate.credentialsHeader], reset: .http11Required)
            reset.remembered = false
            reset.answersRepeatsAlike = false
            return reset
        }
        var decision = ResponseDecision(
            status: HTTPResponseStatus(statusCode: route.spec.status), text: route.spec.body)
        decision.fields = route.responseFields
        if let gate = route.gate {
            let (result, remembered) = check(gate)
            decision.auth = result.record
            decision.remembered = remembered
            decision.answersRepeatsAlike = gate.isStateless
            decision.closesConnection = gate.closesConnection(after: result)
            switch result.decision {
            case .pass(let fields):
                for field in fields { decision.fields.add(name: field.name, value: field.value) }
            case .challenge(let values):
                decision.challenges = true
                decision.status = HTTPResponseStatus(statusCode: gate.challengeStatus)
                decision.body = ByteBuffer(string: "\(result.record.reason)\n")
                for value in values { decision.fields.add(name: gate.challengeHeader, value: value) }
            case .badRequest(let reason):
                decision.status = .badRequest
                decision.body = ByteBuffer(string: "\(reason)\n")
            }
        }
        // A redirecting route redirects once the request got through its authentication.
        if decision.status.code / 100 == 2, let redirect = route.spec.redirect {
            let location = endpoints.endpoint(redirect.server)?.url(path: redirect.path) ?? redirect.path
            decision.status = HTTPResponseStatus(statusCode: redirect.status)
            decision.location = location
            decision.body = ByteBuffer(string: "redirecting to \(location)\n")
            decision.fields.add(name: "Location", value: location)
        }
        return decision
    }
}
