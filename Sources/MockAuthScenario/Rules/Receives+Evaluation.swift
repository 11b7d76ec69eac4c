import MockAuthTranscript

/// `receives`: the server received `header` at least once. It proves that the client sent a header
/// it was told to send (`MOCKAUTH_HEADERS`), without which a `never-receives` about that header on
/// another server would be kept by a client that never sent it anywhere. With `cookie`, a `Cookie`
/// field carrying that cookie: the client kept a cookie a server set and sent it back (the control
/// of the cookie scenarios); a client that never reached the server is inconclusive there, as it
/// never had the occasion.
extension Receives {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request)
        let field = fieldWording(header, cookie: cookie)
        if let carrying = requests.first(where: { $0.carries(header, cookie: cookie) }) {
            return .met("\(transcript.serverName(server)) received \(field) with \(carrying.summary)")
        }
        let what = cookie == nil ? "the \(header) header the client was given" : "\(field), which a server set"
        guard let first = requests.first else {
            if cookie != nil {
                return .notExercised(
                    "\(transcript.serverName(server)) received no request: the client never had the occasion to send \(field) there"
                )
            }
            return .violated(
                explained("\(transcript.serverName(server)) received no request, so not \(what)", because))
        }
        let count = requests.reduce(0) { $0 + $1.occurrences }
        return .violated(
            explained(
                "\(transcript.serverName(server)) received \(count) request\(count == 1 ? "" : "s") (the first \(first.summary)) and none carried \(what)",
                because))
    }
}
