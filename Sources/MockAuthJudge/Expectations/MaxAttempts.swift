import MockAuthTranscript

/// `max-attempts`: at most `attempts` requests carried credentials the server refused.
struct MaxAttempts: ExpectationEvaluator {
    var server: String
    var attempts: Int
    var because: String?

    func evaluate(_ transcript: Transcript) -> ExpectationResult {
        let requests = transcript.orderedRequests(to: server).map(\.request)
        let refused = requests.filter { $0.auth?.outcome == .refused }
        guard requests.contains(where: { $0.auth?.carriedCredentials == true }) else {
            return .notExercised("the client never sent credentials to \(transcript.serverName(server))")
        }
        guard refused.count <= attempts else {
            return .violated(
                explained(
                    "the client sent refused credentials \(refused.count) times (at most \(attempts) allowed; last: \(refused.last?.auth?.reason ?? "refused"))",
                    because))
        }
        return .met("the client stopped after \(refused.count) refused attempt\(refused.count == 1 ? "" : "s")")
    }
}
