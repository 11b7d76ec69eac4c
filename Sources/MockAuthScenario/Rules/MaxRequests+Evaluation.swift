import MockAuthTranscript

/// `max-requests`: at most `requests` requests reached the server: a client caught in a redirect
/// loop (or retrying without end) stopped. A client that sent none is not exercised, unless none
/// was allowed (`requests: 0`: a token endpoint a client has no reason to ask).
extension MaxRequests {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let received = transcript.orderedRequests(to: server).map(\.request)
        let count = received.reduce(0) { $0 + $1.occurrences }
        if count == 0, requests == 0 {
            return .met("the client sent no request to \(server), as it should")
        }
        guard count > 0 else {
            return .notExercised("the client never sent a request to \(transcript.serverName(server))")
        }
        guard count <= requests else {
            return .violated(
                explained(
                    "\(transcript.serverName(server)) received \(count) requests (at most \(requests) allowed; the last \(received.latest()?.summary ?? "?"))",
                    because))
        }
        return .met("the client stopped after \(count) request\(count == 1 ? "" : "s") to \(server)")
    }
}
