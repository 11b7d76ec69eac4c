import MockAuthTranscript

/// `connects-by-name`: every CONNECT the SOCKS5 proxy received named its target by domain name, and
/// one arrived. Read from the connections' `socks` records (the CONNECT's address type), never from
/// what the client says about itself.
struct ConnectsByName: ExpectationEvaluator {
    var server: String
    var because: String?

    func evaluate(_ transcript: Transcript) -> ExpectationResult {
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
        guard let first = connects.first else {
            return .notExercised(Self.noConnect(connections, server: transcript.serverName(server)))
        }
        let count = connects.count
        return .met(
            "the client sent \(transcript.serverName(server)) CONNECT \(first.target ?? "?") by domain name"
                + (count > 1 ? " (and \(count - 1) more, each by name)" : ""))
    }

    /// Why no CONNECT arrived, from what the proxy saw: no connection, a greeting it refused, a
    /// username/password step it refused, or a negotiation the client abandoned.
    private static func noConnect(_ connections: [ConnectionRecord], server: String) -> String {
        guard !connections.isEmpty else {
            return "the client never connected to \(server), so it sent no CONNECT"
        }
        let records = connections.compactMap(\.socks)
        if let refused = records.first(where: { $0.authenticated == false }) {
            return "\(server) refused the username \(refused.username ?? "?") and the client sent no CONNECT"
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
        return "the client connected to \(server) but sent no SOCKS5 greeting: "
            + (connections.compactMap(\.protocolError).first ?? "it closed the connection")
    }
}

extension SOCKSRecord.AddressType {
    /// "IPv4 address", "IPv6 address", "domain name".
    fileprivate var words: String {
        switch self {
        case .ipv4: "IPv4 address"
        case .ipv6: "IPv6 address"
        case .domainName: "domain name"
        }
    }
}
