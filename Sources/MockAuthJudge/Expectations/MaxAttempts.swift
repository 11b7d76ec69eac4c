import MockAuthTranscript

/// `max-attempts`: at most `attempts` requests carried credentials the server refused, counting each
/// handshake in which the server refused the client's certificate (or its lack of one) as an attempt,
/// and on a SOCKS5 proxy each username/password step it refused (RFC 1929: one per connection).
struct MaxAttempts: ExpectationEvaluator {
    var server: String
    var attempts: Int
    var because: String?

    func evaluate(_ transcript: Transcript) -> ExpectationResult {
        let requests = transcript.orderedRequests(to: server).map(\.request)
        let refused = requests.filter { $0.auth?.decision == .refused }
        let refusedHandshakes = transcript.connections(to: server).filter { $0.tls?.clientCertificateRefusal != nil }
        let socksSteps = transcript.connections(to: server).filter { $0.socks?.authenticated != nil }
        let refusedSOCKS = socksSteps.filter { $0.socks?.authenticated == false }
        let refusals =
            refused.reduce(0) { $0 + $1.occurrences } + refusedHandshakes.reduce(0) { $0 + $1.occurrences }
            + refusedSOCKS.reduce(0) { $0 + $1.occurrences }
        guard
            requests.contains(where: { $0.auth?.carriedCredentials == true }) || !refusedHandshakes.isEmpty
                || !socksSteps.isEmpty
        else {
            return .notExercised("the client never sent credentials to \(transcript.serverName(server))")
        }
        guard refusals <= attempts else {
            let last =
                refused.latest()?.auth?.reason ?? refusedHandshakes.last.map { "the handshake: \($0.handshakeSummary)" }
                ?? refusedSOCKS.last.map { "wrong SOCKS5 password for user \($0.socks?.username ?? "?")" } ?? "refused"
            let what =
                if !refused.isEmpty {
                    "sent refused credentials"
                } else if !refusedSOCKS.isEmpty {
                    "sent a refused SOCKS5 username and password"
                } else {
                    "went back after the server refused its client certificate"
                }
            return .violated(
                explained(
                    "the client \(what) \(refusals) times (at most \(attempts) allowed; last: \(last))", because))
        }
        return .met("the client stopped after \(refusals) refused attempt\(refusals == 1 ? "" : "s")")
    }
}
