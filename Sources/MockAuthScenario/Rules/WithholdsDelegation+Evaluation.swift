import MockAuthTranscript

/// `withholds-delegation`: violated by any verified ticket that came with a forwarded
/// ticket-granting ticket; met when tickets were verified and none did; not exercised when the
/// server verified no ticket (what it would have forwarded is unknown).
extension WithholdsDelegation {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let verified = transcript.orderedRequests(to: server).map(\.request).filter {
            $0.auth?.kerberos?.clientPrincipal != nil
        }
        if let delegated = verified.first(where: { $0.auth?.kerberos?.delegated == true }),
            let ticket = delegated.auth?.kerberos
        {
            return .violated(
                explained(
                    "\(delegated.summary) forwarded \(ticket.clientPrincipal ?? "the user")'s ticket-granting ticket "
                        + "with its ticket for \(ticket.servicePrincipal), which the realm does not trust for delegation",
                    context.because))
        }
        guard let first = verified.first else {
            return .notExercised(
                "\(transcript.serverName(server)) verified no Kerberos ticket, so what the client forwards with one is unknown"
            )
        }
        return .met(
            "\(verified.count) ticket(s) verified, none with a forwarded ticket-granting ticket (first: \(first.summary))"
        )
    }
}
