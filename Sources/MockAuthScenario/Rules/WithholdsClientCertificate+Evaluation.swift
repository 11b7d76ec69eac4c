import MockAuthTranscript

/// `withholds-client-certificate`: the client connected to a server that asks for a certificate it
/// was not given one for, and presented none on any handshake (completed or refused).
extension WithholdsClientCertificate {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let connections = transcript.connections(to: server)
        guard !connections.isEmpty else {
            return .notExercised("the client never connected to \(transcript.serverName(server))")
        }
        let presented = connections.filter {
            $0.tls?.clientCertificate != nil || $0.tls?.clientCertificateRefusal == .untrusted
        }
        guard let first = presented.first, let tls = first.tls else {
            let count = connections.reduce(0) { $0 + $1.occurrences }
            return .met(
                "the client presented no client certificate to \(transcript.serverName(server)) (\(count) connection\(count == 1 ? "" : "s"))"
            )
        }
        let certificate = tls.clientCertificate.map { "\($0.subject) (issued by \($0.issuer))" } ?? "a certificate"
        let outcome = tls.clientCertificateRefusal == .untrusted ? ", which refused it" : ""
        return .violated(
            explained(
                "the client presented \(certificate) to \(transcript.serverName(server))\(outcome), though \(tls.certificateRequest?.askedFor ?? "it asked for none")",
                because))
    }
}

extension CertificateRequestRecord {
    /// "it asked for certificates from CN=MockAuth Client CA 2 only", or "it named no CA".
    var askedFor: String {
        let what = required ? "required" : "asked, optionally, for"
        guard !authorities.isEmpty else { return "it \(what) a certificate and named no CA" }
        return "it \(what) a certificate from \(authorities.joined(separator: " or ")) only"
    }
}
