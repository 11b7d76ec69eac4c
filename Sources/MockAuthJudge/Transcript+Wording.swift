import MockAuthTranscript

extension ConnectionRecord {
    /// How the handshake ended, in words: "aborted the handshake with alert unknown_ca".
    var handshakeSummary: String {
        let refused = protocolError.map { "sent what is not an HTTP/1.1 request (\($0))" }
        guard let tls else { return requests.isEmpty ? refused ?? "used plain HTTP" : "used plain HTTP" }
        switch tls.state {
        case .completed:
            guard requests.isEmpty else {
                return tls.resumed == true ? "completed the handshake (resuming a session)" : "completed the handshake"
            }
            return "completed the handshake, then " + (refused ?? "closed the connection without a request")
        case .failed:
            switch tls.clientCertificateRefusal {
            case .missing:
                return "sent no client certificate, and the server ended the handshake (it requires one)"
            case .untrusted:
                let certificate = tls.clientCertificate.map { " (\($0.subject), issued by \($0.issuer))" } ?? ""
                return
                    "presented a client certificate\(certificate) the server does not trust, and the server ended the handshake"
            case nil:
                break
            }
            if let method = tls.plainHTTPMethod {
                return "sent an HTTP request (\(method)) in plain text where the TLS handshake was expected"
            }
            if let alert = tls.alert { return "aborted the handshake with alert \(alert)" }
            return "failed the handshake (\(tls.error ?? "no detail"))"
        case .abandoned:
            return "closed the connection during the handshake"
        case .inProgress:
            return "left the handshake unfinished"
        }
    }
}

extension Transcript {
    /// "origin (https://127.0.0.1:4433)".
    func serverName(_ server: String) -> String {
        guard let url = endpoint(server)?.url else { return server }
        return "\(server) (\(url))"
    }

    /// What the client did on `server`'s connections, as a clause: "the client aborted the
    /// handshake with alert unknown_ca", or "over 3 connections the client …; …".
    func connectionSummary(_ server: String) -> String {
        let connections = connections(to: server)
        let count = connections.reduce(0) { $0 + $1.occurrences }
        let unique = connections.map(\.handshakeSummary).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        let prefix = count > 1 ? "over \(count) connections " : ""
        return "\(prefix)the client \(unique.joined(separator: "; "))"
    }
}

/// "GET /" or "GET / (and 2 more requests)", counting folded repeats.
func describe(_ requests: [RequestRecord]) -> String {
    guard let first = requests.first else { return "no request" }
    let more = requests.reduce(0) { $0 + $1.occurrences } - 1
    return more == 0 ? first.summary : "\(first.summary) (and \(more) more request\(more == 1 ? "" : "s"))"
}

extension Sequence<RequestRecord> {
    /// The request (of those matching `condition`) that arrived last, counting folded repeats.
    func latest(where condition: (RequestRecord) -> Bool = { _ in true }) -> RequestRecord? {
        filter(condition).max { $0.lastSequence < $1.lastSequence }
    }
}

/// Appends ": because" when there is a reason.
func explained(_ message: String, _ because: String?) -> String {
    guard let because, !because.isEmpty else { return message }
    return "\(message): \(because)"
}
