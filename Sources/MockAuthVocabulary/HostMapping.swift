/// How a client resolves a server name that no DNS knows (a name under `.test`): the address it
/// stands for, on the server's port. The same mapping reaches the client in each form it can use:
/// curl's `--resolve` (`MOCKAUTH_RESOLVE`), a hosts file (`MOCKAUTH_HOSTS_FILE`), the control
/// API's material, and `check --isolate-hosts`.
public struct HostMapping: Sendable, Hashable, Codable {
    /// The name, e.g. `api.mockauth.test`.
    public var name: String
    /// The server's port.
    public var port: Int
    /// The address the name stands for, e.g. `127.0.0.1`.
    public var address: String
    /// The name the address is recorded under when ``name`` is an alias of it, as a DNS CNAME
    /// makes one (the scenario's `canonical-name`): the hosts file lists it first on the line, so
    /// that a resolver asked for the canonical name answers it; `nil` for a name of its own.
    public var canonicalName: String?

    package init(name: String, port: Int, address: String, canonicalName: String? = nil) {
        self.name = name
        self.port = port
        self.address = address
        self.canonicalName = canonicalName
    }

    /// `name:port:address`, curl's `--resolve` form (an IPv6 address in brackets).
    package var curlResolve: String {
        "\(name):\(port):\(address.contains(":") ? "[\(address)]" : address)"
    }

    /// `address name`, a line of a hosts file; `address canonical name` for an alias, whose
    /// canonical name (glibc's `h_name`, `getaddrinfo`'s `AI_CANONNAME`) is then the first.
    package var hostsLine: String { "\(address) \(canonicalName.map { "\($0) " } ?? "")\(name)" }
}
