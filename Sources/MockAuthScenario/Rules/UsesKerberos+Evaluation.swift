import MockAuthTranscript

/// `uses-kerberos`: met by a request the server authenticated with a verified Kerberos ticket;
/// violated by a ticket it refused (for another service principal, or one that did not verify), by
/// Negotiate answered with NTLM, or by no Negotiate token at all. Not exercised when the server was
/// never asked anything.
extension UsesKerberos {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request)
        guard !requests.isEmpty else {
            return .notExercised("the client sent no request to \(transcript.serverName(server))")
        }
        let tickets = requests.filter { $0.auth?.kerberos != nil }
        if let verified = tickets.first(where: { $0.auth?.decision == .authenticated }), let auth = verified.auth {
            return .met("\(verified.summary) carried a Kerberos ticket, verified: \(auth.reason)")
        }
        if let refused = tickets.first, let auth = refused.auth {
            return .violated(
                explained("\(refused.summary) carried a Kerberos ticket the server refused: \(auth.reason)", because))
        }
        let negotiated = requests.filter { $0.auth?.scheme?.lowercased() == "negotiate" }
        if let other = negotiated.first {
            return .violated(
                explained(
                    "\(other.summary) answered Negotiate without a Kerberos ticket (\(other.auth?.reason ?? "")): "
                        + "it never presented one",
                    because))
        }
        let schemes = Set(requests.compactMap { $0.auth?.scheme })
        let sent = schemes.isEmpty ? "no credentials" : "only \(schemes.sorted().joined(separator: ", ")) credentials"
        return .violated(
            explained("its \(requests.count) request(s) to \(server) carried \(sent), never a Kerberos ticket", because)
        )
    }
}
