import MockAuthTranscript

/// `request-succeeds`: the client's request reaches the server and is answered 2xx.
extension RequestSucceeds {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let connections = transcript.connections(to: server)
        let requests = connections.flatMap(\.requests).filter { request in path.map { request.path == $0 } ?? true }
        let wanted = path.map { "a request for \($0)" } ?? "a request"
        if let success = requests.first(where: { ($0.responseStatus ?? 0) / 100 == 2 }) {
            return .met(
                "\(success.summary) reached \(transcript.serverName(server)) and was answered \(success.responseStatus ?? 0)"
            )
        }
        if let last = requests.latest() {
            return .violated(
                explained("\(describe(requests)) reached \(server) but was \(last.answerSummary)", because))
        }
        guard !connections.isEmpty else {
            // Not the scenario's "because": a client that never connected failed for another reason.
            return .violated(
                "the client never connected to \(transcript.serverName(server)): \(wanted) never arrived")
        }
        return .violated(
            explained(
                "\(wanted) never reached \(transcript.serverName(server)): \(transcript.connectionSummary(server))",
                because))
    }
}
