import MockAuthTranscript

/// `rejects-certificate`: no HTTP request arrives over the server's TLS connections.
///
/// A client that sends a request over a certificate it should have refused has accepted it.
/// A client that never connected is not credited: the result is `notExercised`.
extension RejectsCertificate {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let connections = transcript.connections(to: server)
        let requests = transcript.orderedRequests(to: server).map(\.request)
        guard requests.isEmpty else {
            let certificate = transcript.endpoint(server)?.certificateDefect ?? "the certificate of \(server)"
            return .violated(explained("the client sent \(describe(requests)) over \(certificate)", because))
        }
        guard !connections.isEmpty else {
            return .notExercised(
                "the client never connected to \(transcript.serverName(server)): it did not refuse the certificate, it never saw it"
            )
        }
        return .met("no request reached \(transcript.serverName(server)): \(transcript.connectionSummary(server))")
    }
}
