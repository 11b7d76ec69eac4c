import MockAuthTranscript

/// `handshake-on-one-connection`: connection-based handshakes (NTLM, Negotiate) stayed on the
/// connection that received the server's challenge message.
extension HandshakeOnOneConnection {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server)
        if let switched = requests.first(where: { $0.request.auth?.reason.contains("switched connections") == true }) {
            return .violated(
                explained(
                    "\(switched.request.summary) answered the handshake on connection #\(switched.connection.id), which never received the server's challenge message",
                    because))
        }
        guard let done = requests.first(where: { $0.request.auth?.decision == .authenticated }) else {
            return .notExercised("no handshake with \(transcript.serverName(server)) completed")
        }
        return .met("the handshake completed on connection #\(done.connection.id)")
    }
}
