import MockAuthTranscript

/// `connects-by-name`: every CONNECT the SOCKS5 proxy received named its target by domain name, and
/// one arrived. Read from the connections' `socks` records (the CONNECT's address type), never from
/// what the client says about itself.
extension ConnectsByName {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        let connections = transcript.connections(to: server)
        let connects = connections.compactMap(\.socks).filter { $0.addressType != nil }
        if let byAddress = connects.first(where: { $0.addressType != .domainName }) {
            let count = connects.filter { $0.addressType != .domainName }.count
            let more = count > 1 ? " (and \(count - 1) more)" : ""
            return .violated(
                explained(
                    "the client sent \(transcript.serverName(server)) CONNECT \(byAddress.target ?? "?") by "
                        + "\(byAddress.addressType?.words ?? "address")\(more), not by name",
                    because))
        }
        // The CONNECT the proxy let through names the scenario's server; a browser's own
        // background CONNECTs (refused: not the scenario's) come first and say less.
        guard let first = connects.first(where: { $0.reply == "succeeded" }) ?? connects.first else {
            return .notExercised(
                Self.noConnect(
                    connections, server: transcript.serverName(server), summary: transcript.connectionSummary(server)))
        }
        let count = connects.count
        return .met(
            "the client sent \(transcript.serverName(server)) CONNECT \(first.target ?? "?") by domain name"
                + (count > 1 ? " (and \(count - 1) more, each by name)" : ""))
    }

    /// Why no CONNECT arrived, from what the proxy saw: no connection, a greeting it refused, a
    /// username/password step it refused or could not read, a negotiation the client abandoned, or
    /// bytes that were not SOCKS5 (`summary`, what the client did on every connection).
    private static func noConnect(_ connections: [ConnectionRecord], server: String, summary: String) -> String {
        guard !connections.isEmpty else {
            return "the client never connected to \(server), so it sent no CONNECT"
        }
        let records = connections.compactMap(\.socks)
        if let refused = records.first(where: { $0.authenticated == false }) {
            return
                "\(server) refused the client's username/password step for user \(refused.username ?? "?") (status 1); "
                + "the client sent no CONNECT"
        }
        if let malformed = records.first(where: { $0.malformedStep != nil }) {
            let user = malformed.username.map { " for user \($0)" } ?? ""
            return
                "\(server) could not read the client's username/password step\(user): \(malformed.malformedStep ?? "?"); "
                + "the client sent no CONNECT"
        }
        if records.contains(where: { $0.methodChosen == "no-acceptable-methods" }) {
            return "\(server) accepted none of the methods the client offered, so it sent no CONNECT"
        }
        if let greeted = records.first(where: { $0.methodChosen != nil }) {
            return
                "the client greeted \(server) and was answered \(greeted.methodChosen ?? "?"), then closed the connection "
                + "without a CONNECT: it never named its target (a client that resolves names itself cannot resolve one "
                + "only the proxy knows)"
        }
        return "no CONNECT reached \(server): \(summary)"
    }
}
