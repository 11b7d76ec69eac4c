import MockAuthTranscript

/// `reuses-credentials`: after authenticating once, the client sent credentials for a later request
/// in the same protection space without being challenged again.
extension ReusesCredentials {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request)
        guard let first = requests.firstIndex(where: { $0.auth?.decision == .authenticated }) else {
            return .notExercised("the client never authenticated to \(transcript.serverName(server))")
        }
        let later = requests[(first + 1)...].filter { $0.target != requests[first].target }
        guard let next = later.first else {
            return .notExercised("the client made no further request after authenticating")
        }
        if next.auth?.carriedCredentials == true {
            return .met("\(next.summary) carried credentials without a new challenge")
        }
        return .violated(explained("\(next.summary) carried no credentials and was challenged again", because))
    }
}
