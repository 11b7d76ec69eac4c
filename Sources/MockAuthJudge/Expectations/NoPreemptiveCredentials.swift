import MockAuthTranscript

/// `no-preemptive-credentials`: no request carried credentials before the server had challenged.
struct NoPreemptiveCredentials: ExpectationEvaluator {
    var server: String
    var because: String?

    func evaluate(_ transcript: Transcript) -> ExpectationResult {
        let requests = transcript.orderedRequests(to: server).map(\.request)
        guard !requests.isEmpty else {
            return .notExercised("the client never sent a request to \(transcript.serverName(server))")
        }
        let firstChallenge = requests.first { $0.auth?.outcome == .challenged }?.sequence ?? .max
        if let early = requests.first(where: { $0.sequence < firstChallenge && $0.auth?.carriedCredentials == true }) {
            let header = early.auth?.header ?? "Authorization"
            return .violated(
                explained(
                    "\(early.summary) carried \(header) (\(early.auth?.scheme ?? "?")) before \(server) had sent any challenge",
                    because))
        }
        return .met("the client waited for \(server)'s challenge before sending credentials")
    }
}
