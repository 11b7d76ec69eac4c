import MockAuthTranscript

/// `authenticates-as`: every request for `path` that the server served (2xx) was authenticated as
/// `user`, and at least one was. It catches a client that sends a request meant for one user over
/// a connection NTLM authenticated as another (curl CVE-2014-0015): the server serves it as the
/// first user, without credentials of its own.
extension AuthenticatesAs {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let served = transcript.orderedRequests(to: server).filter { entry in
            entry.request.path == path && (entry.request.responseStatus ?? 0) / 100 == 2
        }
        guard !served.isEmpty else {
            return .notExercised("no request for \(path) was served by \(transcript.serverName(server))")
        }
        for (connection, request) in served {
            guard let auth = request.auth, auth.decision == .authenticated, let who = auth.username else {
                return .violated(
                    explained("\(request.summary) was served without authenticating as \(user)", because))
            }
            guard who.lowercased() == user.lowercased() else {
                let carried = !request.values(of: auth.header).isEmpty
                let how =
                    carried
                    ? "authenticated as \(who)"
                    : "served as \(who) without credentials of its own, on connection #\(connection.id), which \(auth.scheme ?? "the handshake") had authenticated as \(who)"
                return .violated(
                    explained("\(request.summary) was \(how); the client was to make it as \(user)", because))
            }
        }
        let count = served.reduce(0) { $0 + $1.request.occurrences }
        return .met("\(count == 1 ? "the request" : "every request") for \(path) was authenticated as \(user)")
    }
}
