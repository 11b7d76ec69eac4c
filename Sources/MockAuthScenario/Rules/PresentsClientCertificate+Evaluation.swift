import MockAuthTranscript

/// `presents-client-certificate`: requests reach the server only over handshakes in which the client
/// presented a certificate the server verified against the client CA it trusts, and at least one does.
extension PresentsClientCertificate {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let connections = transcript.connections(to: server)
        let requests = transcript.orderedRequests(to: server)
        let unverified = requests.filter { $0.connection.tls?.clientCertificate?.verified != true }.map(\.request)
        if !unverified.isEmpty {
            return .violated(
                explained(
                    "\(describe(unverified)) arrived over a handshake without a verified client certificate", because))
        }
        if let first = requests.first, let certificate = first.connection.tls?.clientCertificate {
            return .met(
                "\(describe(requests.map(\.request))) arrived over a handshake in which the client presented \(certificate.subject)"
            )
        }
        guard !connections.isEmpty else {
            // Not the scenario's "because": a client that never connected failed for another reason.
            return .violated("the client never connected to \(transcript.serverName(server))")
        }
        let errors = connections.compactMap { $0.tls?.error ?? $0.tls?.alert }
        let detail = errors.first.map { " (server saw: \($0))" } ?? ""
        let refused = connections.lazy.compactMap(\.tls?.clientCertificate).first
        let presented = refused != nil || connections.contains { $0.tls?.clientCertificateRefusal == .untrusted }
        let named = refused.map { " (\($0.subject), issued by \($0.issuer))" } ?? ""
        let what =
            presented ? "presented a certificate\(named) the server did not accept" : "presented no client certificate"
        return .violated(
            explained("no request arrived at \(transcript.serverName(server)): the client \(what)\(detail)", because))
    }
}
