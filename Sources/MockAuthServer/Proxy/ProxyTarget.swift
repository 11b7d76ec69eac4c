/// A host and port the proxy may connect to.
///
/// Hosts are compared as written, lowercased and without IPv6 brackets: `127.0.0.1`, `localhost`,
/// `::1`. The proxy never resolves a name to decide whether a target is allowed.
struct ProxyTarget: Hashable, Sendable {
    /// The host, lowercased, without brackets.
    var host: String
    /// The TCP port.
    var port: Int

    /// Creates a target; `host` is lowercased and stripped of IPv6 brackets.
    init(host: String, port: Int) {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        self.port = port
    }

    /// `host:port` as it appears in a request-target or a `Host` header (`[::1]:443` for IPv6).
    var authority: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Whether the host is a loopback address or `localhost`: the only hosts the proxy dials.
    var isLoopback: Bool { ServerAddressing.isLoopback(host) }
}

extension Character {
    /// `0` … `9` only (unlike `isNumber`, which accepts every script's digits).
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
