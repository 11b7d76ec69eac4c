import MockAuthTranscript

/// `never-receives`: the server never received `header` (on `paths`, when given).
struct NeverReceives: ExpectationEvaluator {
    var server: String
    var header: String
    var paths: [String]
    var because: String?

    func evaluate(_ transcript: Transcript) -> ExpectationResult {
        let requests = transcript.orderedRequests(to: server).map(\.request).filter { request in
            paths.isEmpty
                || paths.contains { request.path == $0 || request.path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        guard !requests.isEmpty else {
            let scope = paths.isEmpty ? "" : " for \(paths.joined(separator: ", "))"
            return .notExercised("the client never sent a request to \(transcript.serverName(server))\(scope)")
        }
        if let leak = requests.first(where: { !$0.values(of: header).isEmpty }) {
            let scheme = leak.values(of: header).first?.split(separator: " ").first.map(String.init) ?? "?"
            return .violated(
                explained(
                    "\(transcript.serverName(server)) received \(header) (\(scheme)) with \(leak.summary)", because))
        }
        return .met("\(server) never received \(header) (\(requests.count) request\(requests.count == 1 ? "" : "s"))")
    }
}
