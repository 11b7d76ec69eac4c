import MockAuthPKI
import MockAuthScenario
import MockAuthTestSupport
import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import NIOEmbedded
import Testing

@testable import MockAuthServer

/// An HTTPS proxy (a proxy server with `tls`): the same prologue as a TLS origin in front of the
/// same ``ForwardProxyHandler``, so the client's 407, its credentials and its CONNECT tunnel all
/// travel inside the TLS connection to the proxy, which the transcript records like any other.
@Suite("HTTPS proxy: the forward proxy behind TLS, on EmbeddedChannel")
struct HTTPSProxyHandlerTests {
    /// The proxy's TLS for `profile`, its leaf naming `localhost`.
    func proxyTLS(_ profile: TLSProfile = .valid) throws -> ServerTLS {
        try ServerTLS(
            credentials: try Fixtures.pki().serverCredentials(for: profile, key: .p256, hostName: "localhost"))
    }

    /// Writes `text` into the client's TLS, lets the proxy act, and returns the plaintext the client
    /// received.
    func exchange(_ text: String, client: InMemoryTLSClient, proxy: ProxyConnection) throws -> String {
        client.channel.writeAndFlush(ByteBuffer(string: text), promise: nil)
        try client.interact(with: proxy.channel)
        proxy.channel.embeddedEventLoop.run()
        try client.interact(with: proxy.channel)
        return try client.readText()
    }

    @Test("the pipeline is a TLS origin's prologue, with the proxy's response watcher and handler last")
    func shape() throws {
        let proxy = try ProxyConnection(tls: try proxyTLS())
        #expect(
            ConnectionPrologueTests.handlers(of: proxy.channel) == [
                "TLSHandshakeSniffer", "NIOSSLServerHandler", "TLSTranscriptHandler",
            ] + ConnectionPrologueTests.plainPrologue + ["ResponseEndWatcher", "ForwardProxyHandler"])
    }

    @Test("407, credentials and a CONNECT tunnel, all inside the TLS connection to the proxy, recorded")
    func challengeAndTunnelInsideTLS() throws {
        let proxy = try ProxyConnection(tls: try proxyTLS())
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        let errors = try client.connect(to: proxy.channel)
        #expect(errors.client.isEmpty && errors.server.isEmpty, "\(errors)")
        #expect(proxy.recorder.record.tls?.state == .completed)

        let challenge = try WireResponse.parse(
            exchange("CONNECT 127.0.0.1:8080 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n", client: client, proxy: proxy))
        #expect(challenge.status == 407)
        #expect(challenge.values(of: "Proxy-Authenticate") == [ProxyConnection.challenge])
        #expect(proxy.dialer.dials.isEmpty)

        #expect(
            try exchange(ProxyConnection.authorized("CONNECT 127.0.0.1:8080 HTTP/1.1"), client: client, proxy: proxy)
                .isEmpty)
        #expect(proxy.dialer.dials.map(\.purpose) == [.tunnel])
        let origin = try proxy.dialer.connect()
        proxy.channel.embeddedEventLoop.run()
        try client.interact(with: proxy.channel)
        #expect(try client.readText() == "HTTP/1.1 200 Connection Established\r\n\r\n")

        // The tunnel carries plaintext to the origin and back inside the proxy's TLS.
        #expect(try exchange("inner client hello", client: client, proxy: proxy).isEmpty)
        #expect(try origin.readOutboundText() == "inner client hello")
        try origin.writeInbound(text: "inner server hello")
        try client.interact(with: proxy.channel)
        #expect(try client.readText() == "inner server hello")

        #expect(proxy.requests.map(\.summary) == ["CONNECT 127.0.0.1:8080", "CONNECT 127.0.0.1:8080"])
        #expect(proxy.requests.map(\.responseStatus) == [407, 200])
        #expect(proxy.requests.map { $0.auth?.decision } == [.challenged, .authenticated])
        // The origin closing takes the client's connection down: TLS says close_notify first.
        origin.close(promise: nil)
        try client.interact(with: proxy.channel)
        #expect(!proxy.channel.isActive)
    }

    @Test("a client that refuses the proxy's expired certificate aborts with certificate_expired and sends nothing")
    func refusedExpired() throws {
        let proxy = try ProxyConnection(tls: try proxyTLS(.expired))
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        let errors = try client.connect(to: proxy.channel)
        #expect(!errors.client.isEmpty)
        let tls = try #require(proxy.recorder.record.tls)
        #expect(tls.state == .failed, "\(tls)")
        #expect(tls.alert == "certificate_expired", "\(tls)")
        #expect(proxy.requests.isEmpty)
        #expect(proxy.dialer.dials.isEmpty)
    }

    @Test("a client that checks the proxy's name after the handshake (NIOSSL) closes without a request")
    func refusedWrongHost() throws {
        let proxy = try ProxyConnection(tls: try proxyTLS(.wrongHost))
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        let errors = try client.connect(to: proxy.channel)
        #expect(!errors.client.isEmpty, "the client refuses the name")
        #expect(!client.channel.isActive)
        #expect(proxy.requests.isEmpty)
        #expect(proxy.dialer.dials.isEmpty)
    }

    @Test(
        "random bytes, as a TLS record or not, never reach the proxy's HTTP side: a failed handshake, nothing dialled")
    func randomBytes() throws {
        var random = SplitMix(seed: 0x4854_5450_5350_5859)
        for round in 0..<200 {
            let proxy = try ProxyConnection(tls: try proxyTLS())
            let length = Int.random(in: 1...600, using: &random)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Half the rounds look like a handshake record, so BoringSSL reads further in.
            if round.isMultiple(of: 2) {
                bytes.replaceSubrange(0..<min(3, length), with: [0x16, 0x03, 0x01].prefix(length))
            }
            try? proxy.channel.writeInbound(ByteBuffer(bytes: bytes))
            proxy.channel.embeddedEventLoop.run()
            #expect(proxy.requests.isEmpty, "round \(round)")
            #expect(proxy.dialer.dials.isEmpty, "round \(round)")
            let state = proxy.recorder.record.tls?.state
            #expect(
                state == .failed || (state == .inProgress && proxy.channel.isActive),
                "round \(round): \(String(describing: state))")
            _ = try? proxy.channel.finish()
        }
    }

    @Test("plaintext HTTP sent to the HTTPS proxy fails its handshake and closes the connection")
    func plaintextToTLS() throws {
        let proxy = try ProxyConnection(tls: try proxyTLS())
        try? proxy.channel.writeInbound(ByteBuffer(string: "GET http://127.0.0.1:8080/ HTTP/1.1\r\n\r\n"))
        #expect(!proxy.channel.isActive)
        #expect(proxy.recorder.record.tls?.state == .failed)
        #expect(proxy.requests.isEmpty)
        #expect(proxy.dialer.dials.isEmpty)
    }
}
