import MockAuthPKI
import NIOHTTP1

/// How the revocation server decides (``RequestDecider``): from its authority's CRL and OCSP
/// responder (``RevocationRoute``), with no gate. Its answers depend on the authority's state (the
/// certificates registered), so a repeat of a request is decided again.
struct RevocationResponder: RequestDecider {
    let authority: RevocationAuthority

    func gate(for path: String) -> AuthGate? { nil }

    func decide(
        _ head: HTTPRequestHead, body: [UInt8], check: (AuthGate) -> (result: GateResult, remembered: Bool)
    ) -> ResponseDecision {
        let response = RevocationRoute.answer(
            method: head.method.rawValue, path: head.path, body: body, authority: authority)
        var decision = ResponseDecision(
            status: HTTPResponseStatus(statusCode: response.status), contentType: response.contentType,
            body: response.body)
        decision.remembered = false
        decision.answersRepeatsAlike = false
        return decision
    }
}
