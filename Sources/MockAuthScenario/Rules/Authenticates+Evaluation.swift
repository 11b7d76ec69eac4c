import MockAuthTranscript

/// `authenticates`: a request (for `path`, if given) carried credentials the server verified and
/// was answered with success (2xx, or the route's redirect). With `afterChallenge`, only a request
/// made after the server had answered one with its challenge (a 401 or 407) counts: credentials sent
/// unasked authenticate without the client having read a challenge, so a scenario about reading
/// challenges has not tested it (not exercised, never a pass). A challenge after which the server
/// closed the connection (``RequestRecord/closedConnection``) is named in the verdict: the answer
/// came on a new connection, or never came.
extension Authenticates {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let ordered = transcript.orderedRequests(to: server)
        let all = ordered.map(\.request)
        let requests = all.filter { path == nil || $0.path == path }
        let successes = requests.filter { $0.auth?.decision == .authenticated && ($0.responseStatus ?? 500) < 400 }
        // The first challenge the server sent, on any path of the protection space.
        let challenged =
            all.first { $0.auth != nil && ($0.responseStatus == 401 || $0.responseStatus == 407) }?.sequence ?? .max
        if let success = successes.first(where: { !afterChallenge || $0.sequence > challenged }) {
            let who = success.auth?.username.map { " as \($0)" } ?? ""
            let answering = afterChallenge ? " in answer to the challenge" : ""
            var redialled = ""
            if let closing = Self.closingChallenge(in: ordered, before: success.sequence),
                let connection = ordered.first(where: { $0.request.sequence == success.sequence })?.connection.id,
                connection != closing.connection.id
            {
                redialled =
                    " on a new connection (#\(connection)) after \(transcript.serverName(server)) closed connection "
                    + "#\(closing.connection.id) with its \(closing.request.responseStatus ?? 0)"
            }
            return .met(
                "\(success.summary) authenticated with \(success.auth?.scheme ?? "credentials")\(who)\(answering)\(redialled) and was answered \(success.responseStatus ?? 0)"
            )
        }
        if let unasked = successes.first {
            // Only credentials sent before any challenge got in (afterChallenge).
            return .notExercised(
                "\(unasked.summary) carried \(unasked.auth?.scheme ?? "credentials") before \(transcript.serverName(server)) "
                    + "had sent any challenge and was answered \(unasked.responseStatus ?? 0): the client never read the "
                    + "challenge, so whether it finds the scheme there was never tested")
        }
        // The scenario's "because" explains wrong credentials; a client that never tried is told so
        // plainly, without it.
        guard let last = requests.latest() else {
            return .violated("the client never sent a request to \(transcript.serverName(server))")
        }
        if let reset = last.streamReset {
            // The server never challenged: it sent the request back to HTTP/1.1, and the client did
            // not follow.
            return .violated(
                explained(
                    "\(transcript.serverName(server)) reset \(last.summary) over HTTP/2 with \(reset) (\(reset.explanation)), and the client never sent it again over HTTP/1.1",
                    because))
        }
        guard let auth = requests.latest(where: { $0.auth?.carriedCredentials == true })?.auth else {
            if let refused = requests.latest(where: { $0.refusal != nil }), let refusal = refused.refusal {
                // Refused for its size before the authentication looked at it: nothing to say of credentials.
                return .violated(
                    "\(transcript.serverName(server)) refused \(refused.summary) before its authentication: \(refusal)")
            }
            let offered = last.auth.map { "which offered \($0.offeredList)" } ?? "which offered nothing"
            if let closing = Self.closingChallenge(in: ordered, before: .max),
                closing.request.lastSequence == last.lastSequence
            {
                // Nothing came after the challenge that ended its connection.
                let name = transcript.serverName(server)
                return .violated(
                    "the client never answered the challenge of \(name), \(offered): \(server) answered \(closing.request.summary) with \(closing.request.responseStatus ?? 0) and closed the connection (#\(closing.connection.id)), and the client gave up there, with no request on a new connection"
                )
            }
            return .violated(
                "the client never answered the challenge of \(transcript.serverName(server)), \(offered); its last request, \(last.summary), carried no credentials"
            )
        }
        return .violated(
            explained(
                "no request to \(transcript.serverName(server)) carried valid credentials: \(auth.summary)", because))
    }
}

extension AuthRecord {
    /// The offered schemes as a list: "Digest, Basic".
    var offeredList: String { offered.map(\.token).joined(separator: ", ") }

    /// "Digest credentials for alice were refused (wrong password)".
    var summary: String {
        let who = username.map { " for \($0)" } ?? ""
        let what = "\(scheme ?? "the") credentials\(who)"
        switch decision {
        case .authenticated: return "\(what) were accepted"
        case .refused: return "\(what) were refused (\(reason))"
        case .malformed: return "the \(header) header was refused with 400 (\(reason))"
        case .continued: return "the handshake stopped after the server's challenge message"
        case .challenged: return "the client was challenged (\(reason))"
        }
    }
}

extension Authenticates {
    /// The latest challenge (401 or 407) of the protection space before `sequence` after which the
    /// server closed its connection.
    fileprivate static func closingChallenge(
        in ordered: [(connection: ConnectionRecord, request: RequestRecord)], before sequence: UInt64
    ) -> (connection: ConnectionRecord, request: RequestRecord)? {
        ordered.last { entry in
            let request = entry.request
            guard request.sequence < sequence, request.closedConnection == true, request.auth != nil else {
                return false
            }
            return request.responseStatus == 401 || request.responseStatus == 407
        }
    }
}
