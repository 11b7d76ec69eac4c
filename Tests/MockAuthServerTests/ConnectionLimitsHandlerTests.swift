import MockAuthPKI
import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import Testing

@testable import MockAuthServer

/// The server's time limits on slow clients, on an `EmbeddedChannel` whose clock the test advances.
@Suite("Connection time limits")
struct ConnectionLimitsHandlerTests {
    static let limits = ConnectionLimits(
        tlsHandshake: .seconds(10), requestHead: .seconds(30), connection: .seconds(600))
    static let origin = ServerSpec(id: "origin", routes: [RouteSpec(path: "/hello", body: "hello\n")])

    func connection() throws -> ServedConnection {
        try ServedConnection(
            behavior: ServerBehavior(spec: Self.origin, endpoints: EndpointDirectory(), limits: Self.limits))
    }

    @Test("slowloris: a head that is still incomplete after the limit closes the connection, recorded as such")
    func slowloris() throws {
        let served = try connection()
        let loop = served.channel.embeddedEventLoop
        for byte in "GET /hello HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8 {
            try served.channel.writeInbound(ByteBuffer(bytes: [byte]))
            loop.advanceTime(by: .milliseconds(500))
        }
        // 38 bytes at 0.5 s each: 19 s, the head unfinished; the connection is still open.
        #expect(served.channel.isActive)
        loop.advanceTime(by: .seconds(11))
        #expect(!served.channel.isActive)
        #expect(served.recorder.record.closedByLimit == .requestHead)
        #expect(served.recorder.record.closed)
    }

    @Test("a complete head in time is served; then the idle keep-alive time starts again")
    func keepAliveIdle() throws {
        let served = try connection()
        let loop = served.channel.embeddedEventLoop
        loop.advanceTime(by: .seconds(29))
        #expect(try served.respond(to: "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        loop.advanceTime(by: .seconds(29))
        #expect(served.channel.isActive)
        #expect(try served.respond(to: "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        loop.advanceTime(by: .seconds(31))
        #expect(!served.channel.isActive)
        #expect(served.recorder.record.closedByLimit == .requestHead)
        // Identical requests are folded into one record with a count.
        #expect(served.requests.map(\.responseStatus) == [200])
        #expect(served.requests.map(\.occurrences) == [2])
    }

    @Test("no connection outlives the total bound, however busy")
    func totalBound() throws {
        let served = try connection()
        let loop = served.channel.embeddedEventLoop
        var served200 = 0
        // A request every 25 s keeps the head limit from firing; the 600 s bound ends it anyway.
        for _ in 0..<30 where served.channel.isActive {
            loop.advanceTime(by: .seconds(25))
            guard served.channel.isActive else { break }
            if try served.respond(to: "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n").status == 200 { served200 += 1 }
        }
        #expect(served200 == 23)
        #expect(!served.channel.isActive)
        #expect(served.recorder.record.closedByLimit == .connection)
    }

    @Test("a TLS connection whose handshake never completes is closed after the handshake limit")
    func stalledHandshake() throws {
        let served = try ServedConnection(
            behavior: ServerBehavior(spec: Self.origin, endpoints: EndpointDirectory(), limits: Self.limits),
            tls: try ServerTLS(
                credentials: try Fixtures.pki().serverCredentials(for: .valid, key: .p256, hostName: "localhost")))
        let loop = served.channel.embeddedEventLoop
        // The start of a ClientHello record, and nothing more.
        try served.channel.writeInbound(ByteBuffer(bytes: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01]))
        loop.advanceTime(by: .seconds(9))
        #expect(served.channel.isActive)
        loop.advanceTime(by: .seconds(2))
        #expect(!served.channel.isActive)
        #expect(served.recorder.record.closedByLimit == .tlsHandshake)
    }
}

extension ConnectionLimitsHandlerTests {
    @Test("after a real handshake the transcript handler is gone; requests are served and the idle limit still holds")
    func afterHandshake() throws {
        let served = try ServedConnection(
            behavior: ServerBehavior(spec: Self.origin, endpoints: EndpointDirectory(), limits: Self.limits),
            tls: try ServerTLS(
                credentials: try Fixtures.pki().serverCredentials(for: .valid, key: .p256, hostName: "localhost")))
        let loop = served.channel.embeddedEventLoop
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        let errors = try client.connect(to: served.channel)
        #expect(errors.client.isEmpty && errors.server.isEmpty, "\(errors)")
        #expect(served.recorder.record.tls?.state == .completed)
        #expect(
            ConnectionPrologueTests.handlers(of: served.channel) == [
                "NIOSSLServerHandler", "ConnectionLimitsHandler",
                "HTTPServerProtocolErrorHandler", "RequestResponder",
            ], "the sniffer and the transcript handler have left")
        for _ in 0..<2 {
            loop.advanceTime(by: .seconds(29))
            client.channel.writeAndFlush(ByteBuffer(string: "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n"), promise: nil)
            try client.interact(with: served.channel)
            #expect(try client.readText().hasPrefix("HTTP/1.1 200 OK"))
        }
        #expect(served.requests.map(\.occurrences) == [2])
        loop.advanceTime(by: .seconds(29))
        #expect(served.channel.isActive)
        loop.advanceTime(by: .seconds(2))
        #expect(served.recorder.record.closedByLimit == .requestHead)
        // The server's close_notify to the client, and the client's in answer: then it is closed.
        try client.interact(with: served.channel)
        #expect(!served.channel.isActive)
    }
}

/// The same limits on every other kind of listener: each gets them from its prologue.
@Suite("Connection time limits on revocation servers and forward proxies")
struct ListenerDeadlineTests {
    static let limits = ConnectionLimits(tlsHandshake: .seconds(10), requestHead: .seconds(2), connection: .seconds(60))

    /// Sends `text` one byte every half second (a slowloris head).
    static func dribble(_ text: String, to channel: EmbeddedChannel) throws {
        for byte in text.utf8 where channel.isActive {
            try channel.writeInbound(ByteBuffer(bytes: [byte]))
            channel.embeddedEventLoop.advanceTime(by: .milliseconds(500))
        }
    }

    @Test("a revocation server closes a stalled head and a slowloris head at the head limit")
    func revocationServer() throws {
        let authority = RevocationAuthority(pki: try Fixtures.pki())
        let spec = ServerSpec(id: "revocation", role: .revocation, routes: [])
        let behavior = ServerBehavior(
            spec: spec, endpoints: EndpointDirectory(), limits: Self.limits, revocation: authority)

        let stalled = try ServedConnection(behavior: behavior)
        try stalled.channel.writeInbound(text: "GET /crl HTTP/1.1\r\nHo")
        stalled.channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(stalled.channel.isActive)
        stalled.channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!stalled.channel.isActive)
        #expect(stalled.recorder.record.closedByLimit == .requestHead)

        let slow = try ServedConnection(behavior: behavior)
        try Self.dribble("GET /crl HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaa", to: slow.channel)
        #expect(!slow.channel.isActive)
        #expect(slow.recorder.record.closedByLimit == .requestHead)

        let served = try ServedConnection(behavior: behavior)
        #expect(try served.exchange("GET /crl HTTP/1.1\r\nHost: x\r\n\r\n").hasPrefix("HTTP/1.1 200 OK\r\n"))
        served.channel.embeddedEventLoop.advanceTime(by: .seconds(3))
        #expect(!served.channel.isActive, "idle after its answer: closed at the head limit")
    }

    @Test("a forward proxy closes half a head at the head limit, and records it")
    func proxyStalledHead() throws {
        let proxy = try ProxyConnection(limits: Self.limits)
        #expect(try proxy.send("GET http://127.0.0.1:8080/ HTTP/1.1\r\nHo").isEmpty)
        proxy.channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(proxy.channel.isActive)
        proxy.channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!proxy.channel.isActive)
        #expect(proxy.recorder.record.closedByLimit == .requestHead)
        #expect(proxy.dialer.dials.isEmpty)
    }

    @Test("a forward proxy closes a slowloris head, and a connection left idle after a 407")
    func proxySlowlorisAndIdle() throws {
        let slow = try ProxyConnection(limits: Self.limits)
        try Self.dribble("GET http://127.0.0.1:8080/ HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaa", to: slow.channel)
        #expect(!slow.channel.isActive)
        #expect(slow.recorder.record.closedByLimit == .requestHead)

        let idle = try ProxyConnection(limits: Self.limits)
        let challenge = try WireResponse.parse(
            idle.send("GET http://127.0.0.1:8080/ HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n"))
        #expect(challenge.status == 407)
        idle.channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(idle.channel.isActive)
        idle.channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!idle.channel.isActive)
        #expect(idle.recorder.record.closedByLimit == .requestHead)
    }

    @Test(
        "a proxy's answer that comes later than the head limit (a slow origin) is not cut off; the idle time follows it"
    )
    func proxySlowOrigin() throws {
        let proxy = try ProxyConnection(limits: Self.limits)
        #expect(try proxy.send(ProxyConnection.authorized("GET http://127.0.0.1:8080/ HTTP/1.1")).isEmpty)
        let origin = try proxy.dialer.connect()
        _ = try origin.readOutboundText()
        proxy.channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(proxy.channel.isActive, "waiting for the origin is not the client's delay")
        try origin.writeInbound(text: "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nhello\n")
        #expect(try WireResponse.parse(proxy.channel.readOutboundText()).status == 200)
        proxy.channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(proxy.channel.isActive)
        proxy.channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!proxy.channel.isActive)
        #expect(proxy.recorder.record.closedByLimit == .requestHead)
    }

    @Test("a CONNECT tunnel keeps only the connection limit: what the client sends through it is the origin's to time")
    func proxyTunnel() throws {
        let proxy = try ProxyConnection(limits: Self.limits)
        #expect(try proxy.send(ProxyConnection.authorized("CONNECT 127.0.0.1:8080 HTTP/1.1")).isEmpty)
        let origin = try proxy.dialer.connect()
        proxy.channel.embeddedEventLoop.run()
        #expect(try proxy.channel.readOutboundText() == "HTTP/1.1 200 Connection Established\r\n\r\n")
        try proxy.channel.writeInbound(text: "\u{16}\u{03}\u{01}")
        proxy.channel.embeddedEventLoop.run()
        #expect(try origin.readOutboundText() == "\u{16}\u{03}\u{01}", "bytes pass the limits handler unread")
        proxy.channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(proxy.channel.isActive)
        proxy.channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!proxy.channel.isActive)
        #expect(proxy.recorder.record.closedByLimit == .connection)
    }
}
