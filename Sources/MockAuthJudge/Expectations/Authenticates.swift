import MockAuthTranscript

/// `authenticates`: a request (for `path`, if given) carried credentials the server verified and
/// was answered with success (2xx, or the route's redirect).
struct Authenticates: ExpectationEvaluator {
    var server: String
    var path: String?
    var because: String?

    func evaluate(_ transcript: Transcript) -> ExpectationResult {
        let requests = transcript.orderedRequests(to: server).map(\.request).filter { path == nil || $0.path == path }
        if let success = requests.first(where: {
            $0.auth?.decision == .authenticated && ($0.responseStatus ?? 500) < 400
        }) {
            let who = success.auth?.username.map { " as \($0)" } ?? ""
            return .met(
                "\(success.summary) authenticated with \(success.auth?.scheme ?? "credentials")\(who) and was answered \(success.responseStatus ?? 0)"
            )
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
            let offered = last.auth?.offeredList ?? "nothing"
            return .violated(
                "the client never answered the challenge of \(transcript.serverName(server)) (offered: \(offered)); its last request, \(last.summary), carried no credentials"
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
        case .malformed: return "the \(header) header could not be read (\(reason))"
        case .continued: return "the handshake stopped after the server's challenge message"
        case .challenged: return "the client was challenged (\(reason))"
        }
    }
}
