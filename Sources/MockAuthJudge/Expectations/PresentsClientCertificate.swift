import MockAuthTranscript

/// `presents-client-certificate`: requests reach the server only over handshakes in which the client
/// presented a certificate the server verified against the harness client CA, and at least one does.
struct PresentsClientCertificate: ExpectationEvaluator {
    var server: String
    var because: String?

    func evaluate(_ transcript: Transcript) -> ExpectationResult {
        let connections = transcript.connections(to: server)
        let withRequests = connections.filter { !$0.requests.isEmpty }
        let unverified = withRequests.filter { $0.tls?.clientCertificate?.verified != true }
        if let connection = unverified.first {
            return .violated(
                explained(
                    "\(describe(connection.requests)) arrived over a handshake without a verified client certificate",
                    because))
        }
        if let connection = withRequests.first, let certificate = connection.tls?.clientCertificate {
            return .met(
                "\(describe(connection.requests)) arrived over a handshake in which the client presented \(certificate.subject)"
            )
        }
        guard !connections.isEmpty else {
            return .violated(
                explained("the client never connected to \(transcript.serverName(server))", because))
        }
        let errors = connections.compactMap { $0.tls?.error ?? $0.tls?.alert }
        let detail = errors.first.map { " (server saw: \($0))" } ?? ""
        let presented = connections.contains { $0.tls?.clientCertificate != nil }
        let what = presented ? "presented a certificate the server did not accept" : "presented no client certificate"
        return .violated(
            explained("no request arrived at \(transcript.serverName(server)): the client \(what)\(detail)", because))
    }
}
