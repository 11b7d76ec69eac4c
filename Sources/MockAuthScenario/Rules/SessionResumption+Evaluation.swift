import MockAuthTranscript

/// `session-resumption`: with `resumed: true`, a TLS connection to the server resumed a session the
/// server had issued; with `resumed: false`, none did. The server's own hello says which handshakes
/// resumed (``TLSHandshakeRecord/resumed``).
extension SessionResumption {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let connections = transcript.connections(to: server).filter { $0.tls != nil }
        guard !connections.isEmpty else {
            // Not the scenario's "because": a client that never connected failed for another reason.
            return .violated("the client never made a TLS connection to \(transcript.serverName(server))")
        }
        let count = connections.reduce(0) { $0 + $1.occurrences }
        let resuming = connections.filter { $0.tls?.resumed == true }.reduce(0) { $0 + $1.occurrences }
        let of = "\(resuming) of \(count) TLS connection\(count == 1 ? "" : "s") to \(transcript.serverName(server))"
        switch (resumed, resuming > 0) {
        case (true, true):
            return .met("\(of) resumed a session the server had issued")
        case (true, false):
            return .violated(explained("\(of) resumed a session: every handshake was a full one", because))
        case (false, false):
            return .met(
                "no TLS connection to \(transcript.serverName(server)) resumed a session (\(count) full handshakes)")
        case (false, true):
            return .violated(explained("\(of) resumed a session the server had issued", because))
        }
    }
}
