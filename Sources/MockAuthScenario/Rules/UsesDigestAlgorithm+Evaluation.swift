import MockAuthTranscript

/// `uses-digest-algorithm`: every Digest answer the server received used one of `algorithms`.
extension UsesDigestAlgorithm {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let answers = transcript.orderedRequests(to: server).map(\.request).filter {
            $0.auth?.algorithm != nil
        }
        guard !answers.isEmpty else {
            return .notExercised("the client never answered \(transcript.serverName(server))'s Digest challenges")
        }
        let accepted = Set(algorithms.map { $0.lowercased() })
        if let other = answers.first(where: { !accepted.contains($0.auth?.algorithm?.lowercased() ?? "") }) {
            return .violated(
                explained(
                    "\(other.summary) answered Digest with algorithm \(other.auth?.algorithm ?? "?") where "
                        + "\(algorithms.joined(separator: " or ")) was offered",
                    because))
        }
        let used = Set(answers.compactMap { $0.auth?.algorithm }).sorted().listed()
        return .met("every Digest answer used \(used)")
    }
}
