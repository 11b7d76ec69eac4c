import MockAuthTranscript

/// `never-receives`: the server never received `header` (on `paths`, when given), any field a
/// client can leak: credentials in any scheme, a cookie, an API key; or, with `cookie`, one cookie
/// of the `Cookie` field, by name (the others may come). A server that received no request at all
/// received no header either.
extension NeverReceives {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request).filter { request in
            paths.isEmpty
                || paths.contains { request.path == $0 || request.path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        guard !requests.isEmpty else {
            // Nothing reached the server, so nothing leaked to it: a client that refused to go there
            // (a downgrade, another host) keeps the rule. Other rules say whether it should have gone.
            let scope = paths.isEmpty ? "" : " for \(paths.joined(separator: ", "))"
            return .met("\(transcript.serverName(server)) received no request\(scope), so no \(field)")
        }
        if let leak = requests.first(where: { $0.carries(header, cookie: cookie) }) {
            return .violated(
                explained(
                    "\(transcript.serverName(server)) received \(field)\(kind(of: leak)) with \(leak.summary)", because
                ))
        }
        let count = requests.reduce(0) { $0 + $1.occurrences }
        return .met("\(server) never received \(field) (\(count) request\(count == 1 ? "" : "s"))")
    }

    /// The field, or the cookie, as the verdict names it.
    private var field: String {
        fieldWording(header, cookie: cookie)
    }

    /// For credentials, the scheme they were in (" (Basic)"); nothing for other fields, whose values
    /// a verdict does not repeat.
    private func kind(of request: RequestRecord) -> String {
        let lowered = header.lowercased()
        guard lowered == "authorization" || lowered == "proxy-authorization" else { return "" }
        let scheme = request.values(of: header).first?.split(separator: " ").first.map(String.init) ?? "?"
        return " (\(scheme))"
    }
}
