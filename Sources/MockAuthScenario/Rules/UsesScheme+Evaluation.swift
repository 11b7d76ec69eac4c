import MockAuthTranscript
import MockAuthVocabulary

/// `uses-scheme`: every request with credentials used one of `schemes`.
extension UsesScheme {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let credentialed = transcript.orderedRequests(to: server).map(\.request).filter {
            $0.auth?.carriedCredentials == true
        }
        guard !credentialed.isEmpty else {
            return .notExercised("the client never sent credentials to \(transcript.serverName(server))")
        }
        if let other = credentialed.first(where: { request in
            !schemes.contains { scheme in request.auth?.scheme.flatMap(HTTPAuthScheme.init(token:)) == scheme }
        }) {
            let offered = other.auth?.offeredList ?? "?"
            return .violated(
                explained(
                    "\(other.summary) answered with \(other.auth?.scheme ?? "an unknown scheme") although \(server) offered \(offered)",
                    because))
        }
        let used = Set(credentialed.compactMap { $0.auth?.scheme }).sorted().listed()
        return .met("every credentialed request used \(used)")
    }
}
