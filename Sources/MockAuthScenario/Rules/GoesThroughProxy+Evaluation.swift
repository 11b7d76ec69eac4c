import MockAuthTranscript

/// `goes-through-proxy`: every connection that brought the server a request was opened by a proxy
/// of the run (its client's address is one the proxy dialled from), none by the client itself. A
/// client that sent the server no request is not exercised.
extension GoesThroughProxy {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let connections = transcript.requestConnections(to: server)
        guard !connections.isEmpty else {
            return .notExercised("the client never sent a request to \(transcript.serverName(server))")
        }
        if let direct = connections.first(where: { !$0.throughProxy })?.connection {
            let address = direct.remoteAddress.map { " from \($0)" } ?? ""
            return .violated(
                explained(
                    "\(describe(direct.requests)) reached \(transcript.serverName(server)) directly\(address), around the proxy",
                    because))
        }
        let count = connections.reduce(0) { $0 + $1.connection.occurrences }
        return .met("every request to \(server) came through the proxy (\(count) connection\(count == 1 ? "" : "s"))")
    }
}
