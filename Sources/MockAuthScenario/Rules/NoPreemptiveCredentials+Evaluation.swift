import MockAuthTranscript

/// `no-preemptive-credentials`: no request carried credentials before the server had challenged.
///
/// Credentials are any `Authorization` (or `Proxy-Authorization`) header, in any scheme, offered or
/// not; the opening message of a connection-based handshake (an NTLM or Negotiate type 1, which the
/// server answers with its challenge message) carries no secret and is itself answered by a challenge.
extension NoPreemptiveCredentials {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request)
        guard !requests.isEmpty else {
            return .notExercised("the client never sent a request to \(transcript.serverName(server))")
        }
        let firstChallenge =
            requests.first { $0.auth?.decision == .challenged || $0.auth?.decision == .continued }?.sequence ?? .max
        if let early = requests.first(where: {
            $0.sequence < firstChallenge && $0.auth?.carriedCredentials == true && $0.auth?.decision != .continued
        }) {
            let header = early.auth?.header ?? "Authorization"
            return .violated(
                explained(
                    "\(early.summary) carried \(header) (\(early.auth?.scheme ?? "?")) before \(server) had sent any challenge",
                    because))
        }
        return .met("the client waited for \(server)'s challenge before sending credentials")
    }
}
