import MockAuthTranscript

/// `max-attempts`: at most `attempts` requests carried credentials the server refused.
struct MaxAttempts: ExpectationEvaluator {
    var server: String
    var attempts: Int
    var because: String?

    func evaluate(_ transcript: Transcript) -> ExpectationResult {
        let requests = transcript.orderedRequests(to: server).map(\.request)
        let refused = requests.filter { $0.auth?.decision == .refused }
        let refusals = refused.reduce(0) { $0 + $1.occurrences }
        guard requests.contains(where: { $0.auth?.carriedCredentials == true }) else {
            return .notExercised("the client never sent credentials to \(transcript.serverName(server))")
        }
        guard refusals <= attempts else {
            return .violated(
                explained(
                    "the client sent refused credentials \(refusals) times (at most \(attempts) allowed; last: \(refused.latest()?.auth?.reason ?? "refused"))",
                    because))
        }
        return .met("the client stopped after \(refusals) refused attempt\(refusals == 1 ? "" : "s")")
    }
}
