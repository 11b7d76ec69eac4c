import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import Testing

@testable import MockAuthServer

/// The server's time limits on slow clients, on an `EmbeddedChannel` whose clock the test advances.
@Suite("Connection time limits")
struct ConnectionDeadlineHandlerTests {
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
