import MockAuthTranscript

/// `receives`: the server received `header` at least once. It proves that the client sent a header
/// it was told to send (`MOCKAUTH_HEADERS`), without which a `never-receives` about that header on
/// another server would be kept by a client that never sent it anywhere.
struct Receives: ExpectationEvaluator {
    var server: String
    var header: String
    var because: String?

    func evaluate(_ transcript: Transcript) -> ExpectationResult {
        let requests = transcript.orderedRequests(to: server).map(\.request)
        if let carrying = requests.first(where: { !$0.values(of: header).isEmpty }) {
            return .met("\(transcript.serverName(server)) received \(header) with \(carrying.summary)")
        }
        guard let first = requests.first else {
            return .violated(
                explained(
                    "\(transcript.serverName(server)) received no request, so not the \(header) header the client was given",
                    because))
        }
        let count = requests.reduce(0) { $0 + $1.occurrences }
        return .violated(
            explained(
                "\(transcript.serverName(server)) received \(count) request\(count == 1 ? "" : "s") (the first \(first.summary)) and none carried the \(header) header the client was given",
                because))
    }
}
