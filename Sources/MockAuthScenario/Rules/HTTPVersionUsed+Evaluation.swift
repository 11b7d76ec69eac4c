import MockAuthTranscript

/// `http-version`: every request to the server arrived over HTTP `version` (say HTTP/2, from a
/// client that speaks it, to a server that offers it). A client that sent none is not exercised.
extension HTTPVersionUsed {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request)
        guard !requests.isEmpty else {
            return .notExercised("the client never sent a request to \(transcript.serverName(server))")
        }
        let others = requests.filter { $0.httpVersion != version }
        if let first = others.first {
            let used = first.httpVersion.map { "over \($0)" } ?? "over an HTTP version the transcript does not record"
            return .violated(
                explained(
                    "\(describe(others)) reached \(transcript.serverName(server)) \(used), not \(version)", because)
            )
        }
        let count = requests.reduce(0) { $0 + $1.occurrences }
        let all = count == 1 ? "the one request" : "all \(count) requests"
        return .met("\(all) to \(server) arrived over \(version)")
    }
}
