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
    var isLoopback: Bool {
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.first == "127" else { return false }
        return octets.allSatisfy { octet in
            !octet.isEmpty && octet.count <= 3 && octet.allSatisfy(\.isASCIIDigit) && (Int(octet) ?? 256) <= 255
        }
    }
}

extension Character {
    /// `0` … `9` only (unlike `isNumber`, which accepts every script's digits).
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
