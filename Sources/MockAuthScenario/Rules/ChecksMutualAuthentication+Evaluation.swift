import MockAuthTranscript

/// `checks-mutual-authentication`: not exercised until the server verified a ticket (and so sent
/// its forged AP-REP). Violated when the client did not ask for mutual authentication (it was sent
/// no AP-REP to check), or when its command exited 0 after the forged one; met when it asked and
/// its command failed. Without a command's exit status, not exercised.
extension ChecksMutualAuthentication {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let verified = transcript.orderedRequests(to: server).map(\.request).filter {
            $0.auth?.decision == .authenticated && $0.auth?.kerberos != nil
        }
        guard let first = verified.first, let ticket = first.auth?.kerberos else {
            return .notExercised(
                "\(transcript.serverName(server)) verified no Kerberos ticket, so it never sent the AP-REP to check")
        }
        guard ticket.mutualRequested else {
            return .violated(
                explained(
                    "\(first.summary) carried a ticket without mutual-required in its AP options: the client did not "
                        + "ask the server to prove its identity, so it cannot notice an impostor",
                    because))
        }
        guard let exit = context.exit, !exit.timedOut, let status = exit.status else {
            return .notExercised(
                "the server answered \(first.summary) with a forged AP-REP; whether the client refused it is known "
                    + "only from its exit status, and there is none")
        }
        guard status != 0 else {
            return .violated(
                explained(
                    "the server answered \(first.summary) with a forged AP-REP and the client exited 0: it took the "
                        + "response of a server that did not prove its identity",
                    because))
        }
        return .met(
            "the server answered \(first.summary) with a forged AP-REP and the client exited \(status): it reported the failure"
        )
    }
}
