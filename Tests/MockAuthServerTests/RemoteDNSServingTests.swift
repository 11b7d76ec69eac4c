import MockAuthPKI
import MockAuthScenario
import MockAuthTestSupport
import NIOSSL
import Testing

@testable import MockAuthServer

/// A scenario whose client proxy is a SOCKS5 proxy with `remote-dns: true`: the proxy's URL is
/// `socks5h://` wherever it is named, and a server only that proxy resolves presents a certificate
/// naming only its own name. Nothing changes for other scenarios.
@Suite("Serving a remote-DNS SOCKS5 proxy and the servers only it resolves")
struct RemoteDNSServingTests {
    static func scenario(remoteDNS: Bool, originHost: ListenHost = .named("api.remote.test")) -> Scenario {
        Scenario(
            name: "remote-dns", summary: "",
            servers: [
                ServerSpec(id: "proxy", role: .socks5(account: nil)),
                ServerSpec(id: "origin", host: originHost, tls: TLSSpec(profile: .valid)),
                ServerSpec(id: "other", tls: TLSSpec(profile: .valid)),
            ],
            client: ClientSpec(
                requests: [RequestSpec(server: "origin")],
                proxy: ProxyClientSpec(server: "proxy", remoteDNS: remoteDNS)),
            expectations: [])
    }

    /// The subjectAltName of `server`'s leaf: DNS names as text, IP addresses as `ip:` and their bytes.
    static func names(of server: String, in running: ScenarioServer) throws -> Set<String> {
        let der = try #require(running.endpoint(server)?.certificateChainDER.first)
        let leaf = try NIOSSLCertificate(bytes: der, format: .der)
        return Set(
            leaf._subjectAlternativeNames().map { name in
                let bytes = name.contents.withUnsafeBufferPointer { Array($0) }
                return name.nameType == .dnsName
                    ? String(decoding: bytes, as: UTF8.self) : "ip:" + bytes.map(String.init).joined(separator: ".")
            })
    }

    static let loopback: Set<String> = [
        "localhost", "ip:127.0.0.1",
        "ip:" + ([UInt8](repeating: 0, count: 15) + [1]).map(String.init).joined(separator: "."),
    ]

    func withServer(
        _ scenario: Scenario, addressing: ServerAddressing = .loopback, _ body: (ScenarioServer) throws -> Void
    ) async throws {
        let server = try await ScenarioServer.start(scenario, pki: try Fixtures.pki(), addressing: addressing)
        do {
            try body(server)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    @Test("the origin only the remote-DNS proxy resolves names api.remote.test alone; the proxy's URL is socks5h://")
    func remoteDNS() async throws {
        try await withServer(Self.scenario(remoteDNS: true)) { server throws in
            #expect(try Self.names(of: "origin", in: server) == ["api.remote.test"])
            // A server the client reaches by address keeps the loopback names.
            #expect(try Self.names(of: "other", in: server) == Self.loopback)
            let proxy = try #require(server.endpoint("proxy"))
            #expect(proxy.baseURL.hasPrefix("socks5h://127.0.0.1:"), "\(proxy.baseURL)")
            #expect(server.transcript().endpoint("proxy")?.url == proxy.baseURL)
        }
    }

    @Test("with serve --host-name the remote-DNS origin still names only itself; the others add the machine's name")
    func remoteDNSWithHostName() async throws {
        try await withServer(Self.scenario(remoteDNS: true), addressing: ServerAddressing(hostNames: ["my-mac.local"]))
        {
            server throws in
            #expect(try Self.names(of: "origin", in: server) == ["api.remote.test"])
            #expect(try Self.names(of: "other", in: server) == Self.loopback.union(["my-mac.local"]))
            #expect(server.endpoint("proxy")?.baseURL.hasPrefix("socks5h://my-mac.local:") == true)
        }
    }

    @Test("without remote-dns, or for an origin on 127.0.0.1, nothing changes: socks5://, loopback names kept")
    func unchanged() async throws {
        try await withServer(Self.scenario(remoteDNS: false)) { server throws in
            #expect(try Self.names(of: "origin", in: server) == Self.loopback.union(["api.remote.test"]))
            #expect(server.endpoint("proxy")?.baseURL.hasPrefix("socks5://127.0.0.1:") == true)
        }
        try await withServer(Self.scenario(remoteDNS: true, originHost: .ipv4Loopback)) { server throws in
            #expect(try Self.names(of: "origin", in: server) == Self.loopback)
        }
    }
}
