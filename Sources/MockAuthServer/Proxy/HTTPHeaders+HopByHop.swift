import NIOHTTP1

extension HTTPHeaders {
    /// Headers that describe one connection and that a proxy consumes instead of forwarding
    /// (RFC 9110 §7.6.1), plus the proxy's own credentials.
    ///
    /// `Transfer-Encoding` is left alone: the body is re-framed from it on the next hop.
    static let hopByHopNames: Set<String> = [
        "connection", "proxy-connection", "keep-alive", "te", "upgrade", "proxy-authorization",
        "proxy-authenticate",
    ]

    /// Headers a `Connection` line may not remove: without them the message cannot be framed or routed.
    private static let framingNames: Set<String> = ["host", "content-length", "transfer-encoding"]

    /// The comma-separated tokens of every `Connection` line, lowercased.
    var connectionTokens: [String] {
        self[canonicalForm: "connection"].map { $0.lowercased() }
    }

    /// These headers without the hop-by-hop ones and those the `Connection` lines name.
    func removingHopByHop() -> HTTPHeaders {
        let named = Set(connectionTokens).subtracting(Self.framingNames)
        var headers = HTTPHeaders()
        for (name, value) in self {
            let lowercased = name.lowercased()
            if Self.hopByHopNames.contains(lowercased) || named.contains(lowercased) { continue }
            headers.add(name: name, value: value)
        }
        return headers
    }
}
