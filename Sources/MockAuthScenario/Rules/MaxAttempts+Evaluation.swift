import MockAuthTranscript

/// `max-attempts`: at most `attempts` requests carried credentials the server refused, counting each
/// handshake in which the server refused the client's certificate (or its lack of one) as an attempt,
/// and on a SOCKS5 proxy each username/password step it did not accept (RFC 1929: one per
/// connection), refused or unreadable (an empty password).
extension MaxAttempts {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let requests = transcript.orderedRequests(to: server).map(\.request)
        let refused = requests.filter { $0.auth?.decision == .refused }
        let refusedHandshakes = transcript.connections(to: server).filter { $0.tls?.clientCertificateRefusal != nil }
        let socksSteps = transcript.connections(to: server).filter { $0.socks?.tookPasswordStep == true }
        let failedSOCKS = socksSteps.filter { $0.socks?.passwordStepFailed == true }
        let refusals =
            refused.reduce(0) { $0 + $1.occurrences } + refusedHandshakes.reduce(0) { $0 + $1.occurrences }
            + failedSOCKS.reduce(0) { $0 + $1.occurrences }
        guard
            requests.contains(where: { $0.auth?.carriedCredentials == true }) || !refusedHandshakes.isEmpty
                || !socksSteps.isEmpty
        else {
            return .notExercised("the client never sent credentials to \(transcript.serverName(server))")
        }
        guard refusals <= attempts else {
            let last =
                refused.latest()?.auth?.reason ?? refusedHandshakes.last.map { "the handshake: \($0.handshakeSummary)" }
                ?? failedSOCKS.last?.socks.map(Self.stepWords) ?? "refused"
            let what =
                if !refused.isEmpty {
                    "sent refused credentials"
                } else if !failedSOCKS.isEmpty {
                    "took a SOCKS5 username/password step the proxy did not accept"
                } else {
                    "went back after the server refused its client certificate"
                }
            return .violated(
                explained(
                    "the client \(what) \(refusals) times (at most \(attempts) allowed; last: \(last))", because))
        }
        return .met("the client stopped after \(refusals) refused attempt\(refusals == 1 ? "" : "s")")
    }

    /// A SOCKS5 step the proxy did not accept, in words: "a wrong SOCKS5 password for user
    /// socks-user", "a step for user root the proxy could not read: an empty password, where RFC
    /// 1929 wants 1 to 255 bytes".
    private static func stepWords(_ socks: SOCKSRecord) -> String {
        let user = socks.username.map { " for user \($0)" } ?? ""
        guard let malformed = socks.malformedStep else { return "a wrong SOCKS5 password\(user)" }
        return "a step\(user) the proxy could not read: \(malformed)"
    }
}
