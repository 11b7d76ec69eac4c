import MockAuthTranscript

/// `heeds-revocation`: a client that looked up the certificate's revocation status (a request
/// reached the revocation server: it fetched the CRL or asked the OCSP responder) sent no request
/// over the certificate afterwards.
///
/// A client that never looked holds the rule: it did not check, which a `rejects-certificate` of
/// its own judges. A client that never connected to the server is `notExercised`.
extension HeedsRevocation {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let lookups = transcript.orderedRequests(to: revocation).map(\.request)
        let requests = transcript.orderedRequests(to: server).map(\.request)
        let asked = lookups.isEmpty ? nil : "\(describe(lookups)) reached \(transcript.serverName(revocation))"
        if let asked, !requests.isEmpty {
            let certificate = transcript.endpoint(server)?.certificateDefect ?? "the certificate of \(server)"
            return .violated(
                explained(
                    "the client looked it up (\(asked)) and still sent \(describe(requests)) over \(certificate)",
                    because))
        }
        if transcript.connections(to: server).isEmpty {
            return .notExercised("the client never connected to \(transcript.serverName(server))")
        }
        if let asked {
            return .met("\(asked), and no request reached \(transcript.serverName(server)) over the certificate")
        }
        return .met(
            "the client never looked up the certificate's revocation status (no request reached \(transcript.serverName(revocation)))"
        )
    }
}
