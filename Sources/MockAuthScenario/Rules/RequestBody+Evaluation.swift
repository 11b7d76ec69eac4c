import MockAuthTranscript
import MockAuthVocabulary

/// `request-body`: every request to the server (for `path`, when given) that was answered 2xx used
/// one of `methods` and carried the body the client was given (`given`), or none (`none`). The requests the
/// server turned away (a 401 before the body, say) do not count: what matters is what the request
/// that got through carried.
extension RequestBody {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request).filter { request in
            path.map { request.path == $0 } ?? true
        }
        let served = requests.filter { ($0.responseStatus ?? 0) / 100 == 2 }
        let scope = path.map { " for \($0)" } ?? ""
        guard !served.isEmpty else {
            return .notExercised(
                requests.isEmpty
                    ? "no request\(scope) reached \(transcript.serverName(server))"
                    : "no request\(scope) to \(transcript.serverName(server)) was answered 2xx")
        }
        let want = wanted(given: context.client.body)
        for request in served {
            if !methods.contains(request.method) {
                return .violated(
                    explained(
                        "\(request.summary) was answered \(request.responseStatus ?? 0) but should have been a \(methodWords)\(bodyWords(request))",
                        because))
            }
            if request.body != want {
                return .violated(explained("\(request.summary) \(mismatch(request.body, wanted: want))", because))
            }
        }
        let count = served.reduce(0) { $0 + $1.occurrences }
        let what = want.map { "the whole body it was given (\($0.bytes) bytes)" } ?? "no body"
        let used = Array(Set(served.map(\.method))).sorted().joined(separator: " and ")
        return .met("\(count == 1 ? "the" : "every") \(used) that \(server) served carried \(what)")
    }

    /// `GET`, or `GET or HEAD`.
    private var methodWords: String { methods.joined(separator: " or ") }

    /// The body a request should carry, given the client's body.
    private func wanted(given: String?) -> BodyRecord? {
        switch body {
        case .given: given.map { BodyRecord(of: Array($0.utf8)) }
        case .none: nil
        }
    }

    private func bodyWords(_ request: RequestRecord) -> String {
        request.body.map { " (it carried \($0.bytes) bytes)" } ?? " (it carried no body)"
    }

    /// What was wrong with a request's body, in words.
    private func mismatch(_ body: BodyRecord?, wanted: BodyRecord?) -> String {
        switch (self.body, body, wanted) {
        case (.none, .some(let body), _):
            return "carried a body of \(body.bytes) bytes; it should have carried none"
        case (.given, .none, .some(let want)):
            return "carried no body; it should have carried the \(want.bytes) bytes the client was given"
        case (.given, .some(let body), .some(let want)) where body.bytes != want.bytes:
            return "carried \(body.bytes) bytes of body; the client was given \(want.bytes)"
        case (.given, .some, _):
            return "carried a body of the right size but other bytes than the client was given"
        case (.none, .none, _), (.given, .none, .none):
            return "carried the body it should"
        }
    }
}
