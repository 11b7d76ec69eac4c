import MockAuthTranscript

/// `refuses-redirect`: the server answered with a redirect and the client did not follow it: no
/// request reached the redirect's target after it. A client that was never redirected is not credited.
extension RefusesRedirect {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request)
        guard let redirect = requests.first(where: { $0.redirectedTo != nil && ($0.responseStatus ?? 0) / 100 == 3 }),
            let location = redirect.redirectedTo
        else {
            return .notExercised("\(transcript.serverName(server)) never answered the client with a redirect")
        }
        let target = transcript.endpoints.first { location.hasPrefix($0.url) }
        if let target,
            let followed = transcript.orderedRequests(to: target.server).map(\.request).first(where: {
                $0.sequence > redirect.sequence
            })
        {
            return .violated(
                explained(
                    "the client followed \(server)'s redirect to \(location): \(followed.summary) reached \(target.server)",
                    because))
        }
        return .met("the client did not follow \(server)'s redirect to \(location)")
    }
}
