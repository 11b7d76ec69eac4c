import NIOHTTP1

/// How a scenario server of one role decides what a complete request gets (``ResponseDecision``):
/// an origin from its routes behind their gates (``OriginRoutes``), the revocation server from its
/// CRL and OCSP responder (``RevocationResponder``). Pure but for the gates' own state: the channel,
/// the recording and the writing are ``RequestResponder``'s.
protocol RequestDecider: Sendable {
    /// The gate a request to `path` must pass, if any: asked on the head alone, to answer
    /// `Expect: 100-continue` before the body.
    func gate(for path: String) -> AuthGate?

    /// The decision on `head` with its `body`; `check` runs a gate on the request (through the
    /// connection's memo) and says whether its decision was the previous request's.
    func decide(
        _ head: HTTPRequestHead, body: [UInt8], check: (AuthGate) -> (result: GateResult, remembered: Bool)
    ) -> ResponseDecision
}
