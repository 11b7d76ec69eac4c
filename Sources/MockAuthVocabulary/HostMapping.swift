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

    package init(name: String, port: Int, address: String) {
        self.name = name
        self.port = port
        self.address = address
    }

    /// `name:port:address`, curl's `--resolve` form (an IPv6 address in brackets).
    package var curlResolve: String {
        "\(name):\(port):\(address.contains(":") ? "[\(address)]" : address)"
    }

    /// `address name`, a line of a hosts file.
    package var hostsLine: String { "\(address) \(name)" }
}
