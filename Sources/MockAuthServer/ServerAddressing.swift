import MockAuthPKI
import MockAuthScenario

/// Where a scenario's servers listen and the names clients reach them by: loopback by default;
/// for a client on another machine (a device, a container) an address to bind, the names that
/// machine uses, and fixed ports.
///
/// ```swift
/// let addressing = ServerAddressing(bindAddress: "0.0.0.0", hostNames: ["my-mac.local"], ports: PortAllocator(base: 49200))
/// let server = try await ScenarioServer.start(scenario, pki: pki, addressing: addressing)
/// // server.endpoint("origin")?.baseURL == "https://my-mac.local:49200"
/// ```
public struct ServerAddressing: Sendable {
    /// The address every server binds; `nil` binds loopback (127.0.0.1, and ::1 as well for
    /// servers the scenario names `localhost`).
    public var bindAddress: String?
    /// The names clients use instead of the scenario's: the first for servers named `127.0.0.1`,
    /// the second (if given) for servers named `localhost`, the second host of cross-host
    /// scenarios; a scenario with no server on `127.0.0.1` has one host, named by the first
    /// (`forHosts(of:)`). Every name is added to every server certificate's subjectAltName.
    public var hostNames: [String]
    /// Hands out fixed ports; `nil` lets the system choose.
    public var ports: PortAllocator?

    public init(bindAddress: String? = nil, hostNames: [String] = [], ports: PortAllocator? = nil) {
        self.bindAddress = bindAddress
        self.hostNames = hostNames
        self.ports = ports
    }

    /// Loopback only, ports chosen by the system: what tests and `check` use.
    public static let loopback = ServerAddressing()

    /// Loopback, with URLs that name `localhost` where a scenario puts a server on `127.0.0.1`: the
    /// form an app on Apple platforms reaches without App Transport Security exceptions, over plain
    /// HTTP and over TLS, because ATS leaves unqualified names such as `localhost` to the app
    /// (`NSAllowsLocalNetworking`'s documentation), while from iOS 17 and macOS 14 it applies its
    /// rules to IP addresses. Those servers then listen on `127.0.0.1` and `::1`.
    ///
    /// A scenario whose servers are all on `localhost` is reached as `localhost` too. The second
    /// host of a cross-host scenario (a server the scenario puts on `localhost` beside servers on
    /// `127.0.0.1`, as in `redirect-cross-host`) is named `127.0.0.1` instead, so the client still
    /// sees two hosts: an
    /// IP address, which ATS does check (its TLS and certificate rules, which the valid profiles
    /// meet; plain `http://` to it needs `NSAllowsLocalNetworking`).
    ///
    /// ```swift
    /// let verdict = try await withScenario("basic", addressing: .localhost) { run in
    ///     // run.url == "https://localhost:PORT/"
    /// }
    /// ```
    public static let localhost = ServerAddressing(hostNames: ["localhost", "127.0.0.1"])

    /// The host in the URLs of a server the scenario names `host`.
    package func urlHost(for host: ListenHost) -> String {
        switch host {
        case .ipv4Loopback: hostNames.first ?? concreteBindAddress ?? host.name
        case .localhost: hostNames.dropFirst().first ?? host.name
        case .named(let name): name
        }
    }

    /// This addressing for `scenario`'s servers: the second name only keeps a cross-host scenario's
    /// two hosts apart (servers on `127.0.0.1` and on `localhost`), so a scenario with no server on
    /// `127.0.0.1` has one host, and its servers on `localhost` take the first name, the one its
    /// clients reach this machine by (with ``localhost``: `localhost` itself).
    package func forHosts(of scenario: Scenario) -> ServerAddressing {
        guard let first = hostNames.first, !scenario.servers.contains(where: { $0.host == .ipv4Loopback }) else {
            return self
        }
        var single = self
        single.hostNames = [first, first]
        return single
    }

    /// The names server certificates hold besides the loopback names: every host name and a
    /// concrete (not wildcard) bind address.
    package var certificateNames: [String] {
        var names: [String] = []
        for name in hostNames where !names.contains(name) { names.append(name) }
        if let concreteBindAddress, !names.contains(concreteBindAddress) { names.append(concreteBindAddress) }
        return names
    }

    /// The bind address unless it is a wildcard (`0.0.0.0`, `::`) that names no one host.
    var concreteBindAddress: String? {
        bindAddress.flatMap { Self.isWildcard($0) ? nil : $0 }
    }

    /// Whether `address` is a wildcard (`0.0.0.0`, `::`, `[::]`): every address of this machine.
    package static func isWildcard(_ address: String) -> Bool {
        IPAddressLiteral.bytes(of: address)?.allSatisfy { $0 == 0 } ?? false
    }

    /// Whether the servers can be reached from other machines: the bind address is set and is
    /// neither in 127.0.0.0/8, nor `::1`, nor `localhost`.
    package var reachesBeyondLoopback: Bool {
        guard let bindAddress else { return false }
        return !Self.isLoopback(bindAddress)
    }

    /// Whether a server the scenario puts on `host` listens on `::1` as well as `127.0.0.1` (when no
    /// address is bound explicitly): every server whose URLs name `localhost`, which a client may
    /// resolve to either.
    package func listensOnBothLoopbackAddresses(_ host: ListenHost) -> Bool {
        bindAddress == nil && (host == .localhost || urlHost(for: host) == "localhost")
    }

    /// Whether `address` (an IP literal or `localhost`) is a loopback address.
    package static func isLoopback(_ address: String) -> Bool {
        if address.lowercased() == "localhost" { return true }
        guard let bytes = IPAddressLiteral.bytes(of: address) else { return false }
        return bytes.count == 4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    /// `address` without the brackets of an IPv6 literal in a URL (`[::1]` → `::1`).
    package static func unbracketed(_ address: String) -> String {
        address.hasPrefix("[") && address.hasSuffix("]") ? String(address.dropFirst().dropLast()) : address
    }
}
