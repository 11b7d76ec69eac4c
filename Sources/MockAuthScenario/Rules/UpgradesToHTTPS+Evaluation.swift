import MockAuthTranscript

/// `upgrades-to-https`: once the TLS server has answered a request 2xx (its route sends
/// `Strict-Transport-Security`), the client, given `http://` for `path` on that host and port,
/// requests it over TLS and sends nothing there in plain text (RFC 6797 §8.3). What the client sent
/// in plain text is read from the handshake records: an HTTP request line where the handshake was
/// expected (``TLSHandshakeRecord/plainHTTPMethod``). A client that never received the policy, or
/// never asked for `path`, has not been tested: inconclusive.
extension UpgradesToHTTPS {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let connections = transcript.connections(to: server)
        let name = transcript.serverName(server)
        guard
            let informed = connections.first(where: { $0.requests.contains(where: Self.isAnswered2xx) }),
            let answer = informed.requests.first(where: Self.isAnswered2xx)
        else {
            let what = connections.isEmpty ? "the client never connected" : transcript.connectionSummary(server)
            return .notExercised(
                "no request to \(name) was answered 2xx, so the client never received its Strict-Transport-Security (\(what))"
            )
        }
        // Connections are numbered as they were accepted: these opened after the policy's connection.
        let plain = connections.filter { $0.id > informed.id && $0.tls?.plainHTTPMethod != nil }
        if let first = plain.first, let method = first.tls?.plainHTTPMethod {
            let count = plain.reduce(0) { $0 + $1.occurrences }
            let times = count == 1 ? "" : " (on \(count) connections)"
            return .violated(
                explained(
                    "after \(answer.summary) was answered \(answer.responseStatus ?? 0) over HTTPS, the client sent an HTTP request (\(method)) in plain text to \(name), where the TLS handshake was expected\(times)",
                    because))
        }
        if let upgraded = connections.filter({ $0.tls != nil }).flatMap(\.requests).first(where: { $0.path == path }) {
            return .met(
                "\(upgraded.summary) reached \(name) over TLS after \(answer.summary) had carried its policy: the client upgraded the http:// URL"
            )
        }
        return .notExercised(
            "after \(answer.summary), the client sent no request for \(path) to \(name), so whether it upgrades http:// there is not known"
        )
    }

    private static func isAnswered2xx(_ request: RequestRecord) -> Bool {
        (request.responseStatus ?? 0) / 100 == 2
    }
}
