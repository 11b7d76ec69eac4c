import MockAuthTranscript

/// `recovers-from-stale`: after a 401 with `stale=true`, the client retried the same request with the
/// new nonce and was accepted. A client that never met a stale nonce is not credited.
extension RecoversFromStale {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request)
        guard let stale = requests.firstIndex(where: { $0.auth?.reason.contains("stale") == true }) else {
            return .notExercised(
                "the client never answered with a stale nonce (expired, or replaced by a nextnonce), so \(server) never sent stale=true"
            )
        }
        let target = requests[stale].target
        if let retry = requests[(stale + 1)...].first(where: {
            $0.target == target && $0.auth?.decision == .authenticated
        }) {
            return .met("after stale=true the client retried \(retry.summary) with the new nonce and was accepted")
        }
        return .violated(
            explained(
                "after stale=true for \(requests[stale].summary) the client never retried with the new nonce", because))
    }
}
