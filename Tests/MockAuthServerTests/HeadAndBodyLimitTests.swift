import MockAuthPKI
import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import Testing

@testable import MockAuthServer

/// Every listener answers a head over the total head limit as that limit (431, never the parser's
/// 400), closes a body that does not arrive in time, and refuses a body it will not read as soon as
/// it knows its size: on `EmbeddedChannel`s with a virtual clock.
@Suite("Head size and body limits, on EmbeddedChannel")
struct HeadAndBodyLimitTests {
    static let limits = ConnectionLimits(
        tlsHandshake: .seconds(10), requestHead: .seconds(30), requestBody: .seconds(2), connection: .seconds(60))
    static let origin = ServerSpec(id: "origin", routes: [RouteSpec(path: "/hello", body: "hello\n")])

    /// A head of `count` legal fields of about 1,000 bytes each (every line within 8,190 bytes, the
    /// count within 100): 92 of them make about 92 KB, over the 80 KiB total.
    static func legalFields(_ count: Int) -> String {
        let value = String(repeating: "v", count: 985)
        return (0..<count).map { "X-Field-\(100 + $0): \($0)\(value)\r\n" }.joined()
    }

    static let refusalText = "a request head of more than 81920 bytes (the server accepts at most 81920)"

    func origin() throws -> ServedConnection {
        try ServedConnection(
            behavior: ServerBehavior(spec: Self.origin, endpoints: EndpointDirectory(), limits: Self.limits))
    }

    func revocation() throws -> ServedConnection {
        let spec = ServerSpec(id: "revocation", role: .revocation, routes: [])
        return try ServedConnection(
            behavior: ServerBehavior(
                spec: spec, endpoints: EndpointDirectory(), limits: Self.limits,
                revocation: RevocationAuthority(pki: try Fixtures.pki())))
    }

    static func serverTLS() throws -> ServerTLS {
        try ServerTLS(credentials: try Fixtures.pki().serverCredentials(for: .valid, key: .p256, hostName: "localhost"))
    }

    /// Checks a 431 for the total head limit: the answer, the close, and the record.
    static func expectHeadRefused(_ text: String, record: ConnectionRecord, open: Bool) {
        #expect(text.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "\(text.prefix(300))")
        #expect(text.contains("Connection: close\r\n"), "\(text.prefix(300))")
        #expect(text.hasSuffix(refusalText + "\n"), "\(text.suffix(200))")
        #expect(!open, "the connection closes after the 431")
        #expect(record.requests.map(\.responseStatus) == [431])
        #expect(record.requests.map(\.refusal) == [RequestRefusal(limit: .headSize, actual: 81_921, allowed: 81_920)])
        #expect(record.protocolError == nil, "a limit, not a malformed request")
    }

    @Test("a 92 KB head of legal fields gets 431 naming the total head limit on a plain origin; 80 fields are served")
    func plainOrigin() throws {
        let refused = try origin()
        let text = try refused.exchange("GET /hello HTTP/1.1\r\nHost: x\r\n\(Self.legalFields(92))\r\n")
        Self.expectHeadRefused(text, record: refused.recorder.record, open: refused.channel.isActive)

        let served = try origin()
        #expect(try served.respond(to: "GET /hello HTTP/1.1\r\nHost: x\r\n\(Self.legalFields(80))\r\n").status == 200)
    }

    @Test("a 92 KB head of legal fields gets 431 on a TLS origin, inside its TLS")
    func tlsOrigin() throws {
        let served = try ServedConnection(
            behavior: ServerBehavior(spec: Self.origin, endpoints: EndpointDirectory(), limits: Self.limits),
            tls: try Self.serverTLS())
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        try client.connect(to: served.channel)
        client.channel.writeAndFlush(
            ByteBuffer(string: "GET /hello HTTP/1.1\r\nHost: x\r\n\(Self.legalFields(92))\r\n"), promise: nil)
        try client.interact(with: served.channel)
        Self.expectHeadRefused(
            try client.readText(), record: served.recorder.record, open: served.channel.isActive)
    }

    @Test("a 92 KB head of legal fields gets 431 on a revocation server")
    func revocationServer() throws {
        let served = try revocation()
        let text = try served.exchange("GET /crl HTTP/1.1\r\nHost: x\r\n\(Self.legalFields(92))\r\n")
        Self.expectHeadRefused(text, record: served.recorder.record, open: served.channel.isActive)
    }

    @Test("a 92 KB head of legal fields gets 431 on a forward proxy and on an HTTPS proxy; nothing is dialled")
    func proxies() throws {
        let proxy = try ProxyConnection(limits: Self.limits)
        let text = try proxy.send(
            ProxyConnection.authorized("GET http://127.0.0.1:8080/ HTTP/1.1", Self.legalFields(92)))
        Self.expectHeadRefused(text, record: proxy.recorder.record, open: proxy.channel.isActive)
        #expect(proxy.dialer.dials.isEmpty)

        let https = try ProxyConnection(limits: Self.limits, tls: try Self.serverTLS())
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        try client.connect(to: https.channel)
        client.channel.writeAndFlush(
            ByteBuffer(string: ProxyConnection.authorized("CONNECT 127.0.0.1:8080 HTTP/1.1", Self.legalFields(92))),
            promise: nil)
        try client.interact(with: https.channel)
        https.channel.embeddedEventLoop.run()
        try client.interact(with: https.channel)
        Self.expectHeadRefused(try client.readText(), record: https.recorder.record, open: https.channel.isActive)
        #expect(https.dialer.dials.isEmpty)
    }

    @Test("a body that stalls after its head is closed at the body limit on an origin, recorded as that limit")
    func stalledBodyOrigin() throws {
        let served = try origin()
        try served.channel.writeInbound(text: "POST /hello HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc")
        served.channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(served.channel.isActive)
        served.channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!served.channel.isActive)
        #expect(served.recorder.record.closedByLimit == .requestBody)
        #expect(
            served.recorder.record.protocolError == nil,
            "the parser's complaint about the body cut off by the server is no protocol error of the client's")
    }

    @Test("a body dribbled a byte every half second is closed at the body limit, though no byte is late")
    func dribbledBody() throws {
        let served = try origin()
        try served.channel.writeInbound(text: "POST /hello HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\n\r\n")
        for _ in 0..<20 where served.channel.isActive {
            try served.channel.writeInbound(text: "a")
            served.channel.embeddedEventLoop.advanceTime(by: .milliseconds(500))
        }
        #expect(!served.channel.isActive)
        #expect(served.recorder.record.closedByLimit == .requestBody)
    }

    @Test("a body in time is served, and the connection then waits for its next head at the head limit")
    func bodyInTime() throws {
        let served = try origin()
        try served.channel.writeInbound(text: "POST /hello HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab")
        served.channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_500))
        #expect(try served.respond(to: "cd").status == 200)
        served.channel.embeddedEventLoop.advanceTime(by: .seconds(20))
        #expect(served.channel.isActive, "the body limit ended with the body")
    }

    @Test("a stalled OCSP POST body is closed at the body limit on a revocation server")
    func stalledBodyRevocation() throws {
        let served = try revocation()
        try served.channel.writeInbound(
            text:
                "POST /ocsp HTTP/1.1\r\nHost: x\r\nContent-Type: application/ocsp-request\r\nContent-Length: 80\r\n\r\n0"
        )
        served.channel.embeddedEventLoop.advanceTime(by: .milliseconds(2_100))
        #expect(!served.channel.isActive)
        #expect(served.recorder.record.closedByLimit == .requestBody)
    }

    @Test("a forward proxy relaying a body closes the client's connection when the body stalls")
    func stalledBodyProxy() throws {
        let proxy = try ProxyConnection(limits: Self.limits)
        _ = try proxy.send(
            ProxyConnection.authorized("POST http://127.0.0.1:8080/ HTTP/1.1", "Content-Length: 100\r\n") + "abc")
        proxy.channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(proxy.channel.isActive)
        proxy.channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(!proxy.channel.isActive)
        #expect(proxy.recorder.record.closedByLimit == .requestBody)
        #expect(proxy.recorder.record.protocolError == nil)
    }

    @Test("an HTTPS proxy closes a stalled body at the body limit")
    func stalledBodyHTTPSProxy() throws {
        let proxy = try ProxyConnection(limits: Self.limits, tls: try Self.serverTLS())
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        try client.connect(to: proxy.channel)
        client.channel.writeAndFlush(
            ByteBuffer(
                string: ProxyConnection.authorized("POST http://127.0.0.1:8080/ HTTP/1.1", "Content-Length: 100\r\n")
                    + "abc"), promise: nil)
        try client.interact(with: proxy.channel)
        proxy.channel.embeddedEventLoop.run()
        try client.interact(with: proxy.channel)
        #expect(proxy.dialer.dials.count == 1, "the head reached the proxy: \(proxy.recorder.record)")
        proxy.channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_900))
        #expect(proxy.channel.isActive)
        proxy.channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        #expect(proxy.recorder.record.closedByLimit == .requestBody)
        // The TLS handler ends the connection with close_notify, and closes once the client answers it.
        try client.interact(with: proxy.channel)
        #expect(!proxy.channel.isActive)
    }

    @Test("a Content-Length over 1 MiB gets 413 from the head alone, with Connection: close, and the connection closes")
    func earlyTooLarge() throws {
        for served in [try origin(), try revocation()] {
            let path = served.recorder.record.server == "revocation" ? "/ocsp" : "/hello"
            let text = try served.exchange("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n")
            // Only the first answer: an EmbeddedChannel keeps what is written after its close (NIO's
            // 400 for the body cut off), where a socket refuses it.
            let answer = try #require(try WireResponse.parseAll(text).first)
            #expect(answer.status == 413, "\(text)")
            #expect(answer.values(of: "Connection") == ["close"])
            #expect(!served.channel.isActive)
            #expect(
                served.requests.map(\.refusal) == [RequestRefusal(limit: .body, actual: 2_000_000, allowed: 1 << 20)])
            #expect(served.recorder.record.protocolError == nil)
        }
    }

    @Test("a chunked body gets 413 as soon as its running total passes 1 MiB, then the connection closes")
    func chunkedTooLarge() throws {
        let served = try revocation()
        try served.channel.writeInbound(text: "POST /ocsp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = "40000\r\n" + String(repeating: "a", count: 0x40000) + "\r\n"
        for _ in 0..<4 { try served.channel.writeInbound(text: chunk) }
        #expect(try served.channel.readOutboundText().isEmpty, "1 MiB is within the limit")
        #expect(served.channel.isActive)
        let text = try served.exchange("1\r\na\r\n")
        let answer = try #require(try WireResponse.parseAll(text).first)
        #expect(answer.status == 413, "\(text)")
        #expect(answer.values(of: "Connection") == ["close"])
        #expect(!served.channel.isActive)
        #expect(served.requests.map(\.refusal?.limit) == [.body])
    }
}
