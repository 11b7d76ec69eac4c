import MockAuthTranscript

/// `bypasses-proxy`: no connection that brought the server a request was opened by a proxy of the
/// run (its client's address is none a proxy dialled from). A client that sent the server no
/// request is not exercised.
extension BypassesProxy {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let connections = transcript.requestConnections(to: server)
        guard !connections.isEmpty else {
            return .notExercised("the client never sent a request to \(transcript.serverName(server))")
        }
        if let proxied = connections.first(where: \.throughProxy)?.connection {
            return .violated(
                explained(
                    "\(describe(proxied.requests)) reached \(transcript.serverName(server)) through the proxy", because)
            )
        }
        let count = connections.reduce(0) { $0 + $1.connection.occurrences }
        return .met("every request to \(server) came directly (\(count) connection\(count == 1 ? "" : "s"))")
    }
}
