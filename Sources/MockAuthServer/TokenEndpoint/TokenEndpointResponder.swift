import MockAuthSchemes
import MockAuthTranscript
import MockAuthVocabulary
import NIOHTTP1

/// How a token endpoint decides (``RequestDecider``): `POST /token` goes to its
/// ``TokenEndpointMachine`` (client authentication, the grant, RFC 6749 §5's JSON answers); any
/// other path gets 404. No gate: the endpoint authenticates the client itself, and what it made of
/// the request is recorded as the request's ``AuthRecord`` (the grant asked for and its outcome,
/// naming no secret). Its answers depend on the ledger, so a repeat is decided again.
struct TokenEndpointResponder: RequestDecider {
    let machine: TokenEndpointMachine

    func gate(for path: String) -> AuthGate? { nil }

    func decide(
        _ head: HTTPRequestHead, body: [UInt8], check: (AuthGate) -> (result: GateResult, remembered: Bool)
    ) -> ResponseDecision {
        guard head.path == TokenEndpointConfiguration.path else {
            return ResponseDecision(
                status: .notFound, text: "the token endpoint is \(TokenEndpointConfiguration.path)\n")
        }
        let answer = machine.answer(
            method: head.method.rawValue, contentType: head.headers.first(name: "Content-Type"),
            authorization: head.headers["Authorization"], body: body)
        var decision = ResponseDecision(
            status: HTTPResponseStatus(statusCode: answer.status), contentType: TokenEndpointAnswer.contentType,
            body: Array(answer.body.utf8))
        for field in answer.fields { decision.fields.add(name: field.name, value: field.value) }
        decision.auth = AuthRecord(
            decision: answer.outcome, header: "Authorization", realm: Self.realm, offered: [.basic],
            scheme: answer.clientAuthentication
                ?? head.headers["Authorization"].first.map(AuthGate.schemeToken(of:)),
            username: answer.clientID, reason: answer.reason)
        decision.remembered = false
        decision.answersRepeatsAlike = false
        return decision
    }

    /// The realm of the endpoint's client authentication, in its `WWW-Authenticate` and its records.
    static let realm = "token endpoint"
}
