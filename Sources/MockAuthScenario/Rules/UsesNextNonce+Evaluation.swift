import MockAuthTranscript

/// `uses-next-nonce`: the request after the first accepted one (whose answer carried the nextnonce)
/// answered with that nextnonce and was accepted. Not exercised when the client never authenticated
/// or made no request after it.
extension UsesNextNonce {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request)
        guard
            let first = requests.firstIndex(where: {
                $0.auth?.decision == .authenticated && ($0.responseStatus ?? 500) < 400
            })
        else {
            return .notExercised(
                "the client never authenticated to \(transcript.serverName(server)), so it was never sent a nextnonce")
        }
        let accepted = requests[first].summary
        guard let next = requests[(first + 1)...].first else {
            return .notExercised(
                "the client made no request to \(server) after \(accepted), whose answer carried the nextnonce")
        }
        let sent = "the nextnonce sent with the answer to \(accepted)"
        guard let auth = next.auth, auth.carriedCredentials else {
            return .violated(
                explained(
                    "\(next.summary) carried no credentials and was challenged again: it did not use \(sent)", because))
        }
        if auth.digestNonce == .nextNonce, auth.decision == .authenticated {
            return .met(
                "\(next.summary) answered with \(sent) (\(auth.reason)) and was accepted without a new challenge")
        }
        if auth.digestNonce == .replaced {
            return .violated(
                explained(
                    "\(next.summary) answered with the nonce that \(sent) had replaced, and was \(next.answerSummary) (\(auth.reason))",
                    because))
        }
        if auth.decision == .malformed {
            // The server refuses an answer it cannot take as a protocol error (a nonce count that
            // continues another nonce's): it says why.
            return .violated(explained("\(next.summary) was \(next.answerSummary): \(auth.reason)", because))
        }
        let nonce = auth.digestNonce == .nextNonce ? "answered with \(sent)" : "did not answer with \(sent)"
        return .violated(explained("\(next.summary) \(nonce): \(auth.summary), \(next.answerSummary)", because))
    }
}
