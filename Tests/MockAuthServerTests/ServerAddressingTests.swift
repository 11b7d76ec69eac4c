import MockAuthPKI
import MockAuthScenario
import MockAuthTestSupport
import NIOCore
import NIOPosix
import Testing

@testable import MockAuthServer

/// Where servers listen and the names their URLs use (`serve --bind`, `--host-name`,
/// `--port-base`), on real sockets of 127.0.0.0/8.
@Suite("Server addressing: bind address, host names, fixed ports")
struct ServerAddressingTests {
    /// Two servers: `origin` named 127.0.0.1 (TLS) and `other` named localhost (plain).
    static let scenario = Scenario(
        name: "addressing", summary: "two hosts",
        servers: [
            ServerSpec(id: "origin", tls: TLSSpec(profile: .valid)),
            ServerSpec(id: "other", host: .localhost),
        ],
        client: ClientSpec(requests: [RequestSpec(server: "origin")]), expectations: [])

    @Test("URLs use the first host name for 127.0.0.1 servers, the second for localhost servers")
    func urlHosts() {
        let one = ServerAddressing(hostNames: ["my-mac.local"])
        #expect(one.urlHost(for: .ipv4Loopback) == "my-mac.local")
        #expect(one.urlHost(for: .localhost) == "localhost", "one name: localhost servers keep their name")
        let two = ServerAddressing(hostNames: ["my-mac.local", "192.168.1.20"])
        #expect(two.urlHost(for: .localhost) == "192.168.1.20")
        let bound = ServerAddressing(bindAddress: "127.0.0.2")
        #expect(bound.urlHost(for: .ipv4Loopback) == "127.0.0.2" && bound.certificateNames == ["127.0.0.2"])
        let wildcard = ServerAddressing(bindAddress: "0.0.0.0")
        #expect(wildcard.urlHost(for: .ipv4Loopback) == "127.0.0.1" && wildcard.certificateNames.isEmpty)
        #expect(ServerAddressing.loopback.urlHost(for: .localhost) == "localhost")
    }

    @Test("a scenario with no server on 127.0.0.1 has one host: its localhost servers take the first name")
    func singleHost() {
        let localhostOnly = Scenario(
            name: "one-host", summary: "one host",
            servers: [ServerSpec(id: "origin", host: .localhost)],
            client: ClientSpec(requests: [RequestSpec(server: "origin")]), expectations: [])
        #expect(ServerAddressing.localhost.forHosts(of: localhostOnly).urlHost(for: .localhost) == "localhost")
        #expect(ServerAddressing.localhost.forHosts(of: Self.scenario).urlHost(for: .localhost) == "127.0.0.1")
        #expect(ServerAddressing.localhost.forHosts(of: Self.scenario).urlHost(for: .ipv4Loopback) == "localhost")
        let device = ServerAddressing(hostNames: ["my-mac.local", "192.168.1.20"])
        #expect(device.forHosts(of: localhostOnly).urlHost(for: .localhost) == "my-mac.local")
        #expect(device.forHosts(of: localhostOnly).certificateNames == ["my-mac.local"])
        let one = ServerAddressing(hostNames: ["my-mac.local"])
        #expect(one.forHosts(of: localhostOnly).urlHost(for: .localhost) == "my-mac.local")
        #expect(ServerAddressing.loopback.forHosts(of: localhostOnly).urlHost(for: .localhost) == "localhost")
    }

    @Test("only addresses outside 127.0.0.0/8 and ::1 reach beyond loopback")
    func exposure() {
        for address in ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"] {
            #expect(!ServerAddressing(bindAddress: address).reachesBeyondLoopback, "\(address)")
        }
        for address in ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "fe80::1", "my-mac.local"] {
            #expect(ServerAddressing(bindAddress: address).reachesBeyondLoopback, "\(address)")
        }
        #expect(!ServerAddressing.loopback.reachesBeyondLoopback)
    }

    @Test("an IPv6 host name is bracketed in URLs")
    func ipv6URL() {
        let endpoint = ServerEndpoint(
            server: "origin", host: .ipv4Loopback, urlHost: "fe80::1", port: 443, scheme: "https",
            listensOnIPv6: false)
        #expect(endpoint.baseURL == "https://[fe80::1]:443")
        #expect(endpoint.url(path: "x") == "https://[fe80::1]:443/x")
    }

    @Test("the allocator hands out the lowest free port at or above its base and takes ports back")
    func allocator() throws {
        let ports = PortAllocator(base: 65_533)
        #expect(try ports.reserve() == 65_533)
        #expect(try ports.reserve() == 65_534)
        #expect(try ports.reserve() == 65_535)
        #expect(throws: ServerError.self) { try ports.reserve() }
        ports.release(65_534)
        #expect(try ports.reserve() == 65_534)
        #expect(ports.heldPorts == [65_533, 65_534, 65_535])
    }

    /// A base whose next 8 ports nothing listens on at `address`, checked by binding them. Each test
    /// uses a loopback address of its own, so tests running at once never take each other's ports.
    func freeBase(on address: String) async throws -> Int {
        for _ in 0..<20 {
            let base = Int.random(in: 20_000...29_000)
            var bound: [any Channel] = []
            defer { for channel in bound { channel.close(promise: nil) } }
            do {
                for port in base..<(base + 8) {
                    bound.append(
                        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                            .bind(host: address, port: port).get())
                }
                for channel in bound { try await channel.close() }
                bound = []
                return base
            } catch {
                continue
            }
        }
        throw ServerError("no free range of 8 ports on \(address)")
    }

    /// Runs `body` with a free base on `address`, again with another base (at most 5 times) when a
    /// port it probed free was taken before the scenario bound it (by another test process on this
    /// machine): `body` throws ``PortRace`` then.
    func withFreeBase(on address: String, _ body: (Int) async throws -> Void) async throws {
        for attempt in 1...5 {
            do {
                return try await body(try await freeBase(on: address))
            } catch is PortRace where attempt < 5 {
                continue
            }
        }
    }

    struct PortRace: Error {}

    /// Starts the scenario; a port taken since the probe is a ``PortRace``.
    func start(_ addressing: ServerAddressing, expectingTaken taken: Int? = nil) async throws -> ScenarioServer {
        do {
            return try await ScenarioServer.start(Self.scenario, pki: Fixtures.pki(), addressing: addressing)
        } catch let error as ServerError where error.reason.contains("already in use") {
            if let taken, error.reason.contains("port \(taken):") { throw error }
            throw PortRace()
        }
    }

    @Test(
        "with a bind address, host names and a port base: fixed ports, named URLs, the names in the certificate",
        .bindable("127.0.0.3"))
    func fixedPorts() async throws {
        try await withFreeBase(on: "127.0.0.3") { base in try await fixedPorts(base: base) }
    }

    func fixedPorts(base: Int) async throws {
        let addressing = ServerAddressing(
            bindAddress: "127.0.0.3", hostNames: ["device.mockauth.test", "other.mockauth.test"],
            ports: PortAllocator(base: base))
        let first = try await start(addressing)
        #expect(first.endpoint("origin")?.baseURL == "https://device.mockauth.test:\(base)")
        #expect(first.endpoint("other")?.baseURL == "http://other.mockauth.test:\(base + 1)")
        let second = try await ScenarioServer.start(Self.scenario, pki: Fixtures.pki(), addressing: addressing)
        #expect(second.endpoint("origin")?.port == base + 2 && second.endpoint("other")?.port == base + 3)
        await first.shutdown()
        #expect(addressing.ports?.heldPorts == [base + 2, base + 3], "an ended scenario gives its ports back")
        let third = try await ScenarioServer.start(Self.scenario, pki: Fixtures.pki(), addressing: addressing)
        #expect(third.endpoint("origin")?.port == base, "the lowest free port is taken again")
        await second.shutdown()
        await third.shutdown()
        #expect(addressing.ports?.heldPorts == [])
    }

    @Test(
        "a fixed port another socket holds is a ServerError naming the port, and nothing stays bound",
        .bindable("127.0.0.4"))
    func portInUse() async throws {
        try await withFreeBase(on: "127.0.0.4") { base in try await portInUse(base: base) }
    }

    func portInUse(base: Int) async throws {
        let squatter = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.4", port: base + 1).get()
        let addressing = ServerAddressing(bindAddress: "127.0.0.4", ports: PortAllocator(base: base))
        defer { squatter.close(promise: nil) }
        do {
            let server = try await start(addressing, expectingTaken: base + 1)
            await server.shutdown()
            Issue.record("a scenario started on a port that another socket holds")
        } catch let error as ServerError {
            #expect(error.reason.contains("port \(base + 1)") && error.reason.contains("already in use"), "\(error)")
        }
        #expect(addressing.ports?.heldPorts == [], "the failed start gave its ports back")
        try await squatter.close()
        // The first server's port was freed too: the scenario starts now.
        let server = try await ScenarioServer.start(Self.scenario, pki: Fixtures.pki(), addressing: addressing)
        #expect(server.endpoint("origin")?.port == base)
        await server.shutdown()
    }

    @Test("an address this machine does not have is a ServerError that says so")
    func foreignAddress() async throws {
        // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never assigned, so bind fails locally; nothing is sent.
        let addressing = ServerAddressing(bindAddress: "192.0.2.1")
        await #expect(throws: ServerError.self) {
            try await ScenarioServer.start(Self.scenario, pki: Fixtures.pki(), addressing: addressing)
        }
    }
}
