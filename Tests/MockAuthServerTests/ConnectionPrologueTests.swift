import MockAuthPKI
import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import MockAuthServer

/// The handlers every listener's connections start with (``ChannelPipeline/SynchronousOperations/addConnectionPrologue(_:recorder:)``),
/// whatever the listener: the same handlers in the same order, the same limits.
@Suite("ConnectionPrologue: every listener's connections start the same way")
struct ConnectionPrologueTests {
    /// The prologue's own handlers and the listeners' handlers, by type name.
    static let known: Set<String> = [
        "TLSHandshakeSniffer", "NIOSSLServerHandler", "TLSTranscriptHandler",
        "HTTPServerProtocolErrorHandler", "RequestHeadLimitHandler",
        "ConnectionLimitsHandler", "ResponseEndWatcher",
        "HTTPProtocolSelector", "RequestResponder", "ForwardProxyHandler",
    ]
    static let plainPrologue = [
        "ConnectionLimitsHandler", "HTTPServerProtocolErrorHandler",
    ]

    /// The types of `channel`'s handlers that this suite knows, in pipeline order (from NIO's
    /// description of the pipeline: one handler a line).
    static func handlers(of channel: EmbeddedChannel) -> [String] {
        channel.pipeline.debugDescription.split(separator: "\n").compactMap { line in
            line.split(separator: " ").map(String.init).first { known.contains($0) }
        }
    }

    @Test("a plain origin, a TLS origin, a revocation server, a forward proxy and an HTTP/2 origin share one prologue")
    func shapes() throws {
        let origin = try ServedConnection(ServerSpec(id: "origin"))
        #expect(Self.handlers(of: origin.channel) == Self.plainPrologue + ["RequestResponder"])

        let tls = try ServerTLS(
            credentials: try Fixtures.pki().serverCredentials(for: .valid, key: .p256, hostName: "localhost"))
        let secure = try ServedConnection(
            behavior: ServerBehavior(spec: ServerSpec(id: "origin"), endpoints: EndpointDirectory()), tls: tls,
            activate: false)
        #expect(
            Self.handlers(of: secure.channel) == [
                "TLSHandshakeSniffer", "NIOSSLServerHandler", "TLSTranscriptHandler",
            ] + Self.plainPrologue + ["RequestResponder"])

        let revocation = try ServedConnection(
            behavior: ServerBehavior(
                spec: ServerSpec(id: "revocation", role: .revocation, routes: []), endpoints: EndpointDirectory(),
                revocation: RevocationAuthority(pki: try Fixtures.pki())))
        #expect(Self.handlers(of: revocation.channel) == Self.plainPrologue + ["RequestResponder"])

        let proxy = try ProxyConnection()
        #expect(
            Self.handlers(of: proxy.channel) == Self.plainPrologue + ["ResponseEndWatcher", "ForwardProxyHandler"],
            "a proxy answers later: its responses' ends are watched; a scenario server's pass no prologue handler")

        let http2 = EmbeddedChannel()
        let behavior = ServerBehavior(
            spec: ServerSpec(id: "origin", http2: .besideHTTP1), endpoints: EndpointDirectory())
        try http2.pipeline.syncOperations.addScenarioServerHandlers(
            .scenarioServer(tls: nil, behavior: behavior, http2: .besideHTTP1), behavior: behavior,
            recorder: Fixtures.connectionRecorder())
        #expect(
            Self.handlers(of: http2) == [
                "HTTPProtocolSelector", "ConnectionLimitsHandler",
            ], "the client's choice of protocol puts HTTP/1.1, or HTTP/2, in the selector's place")

        // A client that speaks HTTP/1.1: the codec goes before the limits handler, NIO's protocol
        // error handler after it, so a head the parser stops at the total limit is still 431.
        try http2.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        func answer() throws -> String {
            var text = ""
            while let part = try http2.readOutbound(as: ByteBuffer.self) { text += String(buffer: part) }
            return text
        }
        try http2.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
        let served = try answer()
        #expect(served.hasPrefix("HTTP/1.1 200 "), "\(served.prefix(80))")
        #expect(
            Self.handlers(of: http2) == Self.plainPrologue + ["RequestResponder"],
            "HTTP/1.1 chosen: the same prologue as an origin of HTTP/1.1 alone")
        let fields = (0..<92).map { "X-Field-\($0): \(String(repeating: "a", count: 1_000))\r\n" }.joined()
        try http2.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: x\r\n\(fields)\r\n"))
        let refused = try answer()
        #expect(refused.hasPrefix("HTTP/1.1 431 "), "\(refused.prefix(80))")
    }

    @Test("a listener that answers later than the head limit is not cut off: the idle time starts at its answer's end")
    func lateAnswer() throws {
        let channel = EmbeddedChannel()
        let limits = ConnectionLimits(tlsHandshake: .seconds(10), requestHead: .seconds(2), connection: .seconds(60))
        let recorder = Fixtures.connectionRecorder()
        try channel.pipeline.syncOperations.addConnectionPrologue(
            ConnectionPrologue(limits: limits), recorder: recorder)
        let responder = LateResponder()
        try channel.pipeline.syncOperations.addHandler(responder)
        try channel.activate()

        try channel.writeInbound(text: "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(channel.isActive, "the request is the server's to answer, however long it takes")
        responder.answer(context: try channel.pipeline.syncOperations.context(handler: responder))
        #expect(try channel.readOutboundText().hasPrefix("HTTP/1.1 200 OK"))
        channel.expectClosed(
            by: .requestHead, after: .milliseconds(1_900), within: .milliseconds(200), recorder: recorder)
    }

    @Test("a refusal is worded as the listener words them; HEAD gets no body; the connection closes")
    func wording() throws {
        let fillers = String(repeating: "X-Filler: 1\r\n", count: 150)
        let json = RefusalWording(contentType: "application/json", headers: [("Cache-Control", "no-store")]) {
            #"{"error":"\#($0)"}"#
        }
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addConnectionPrologue(.plain(limits: .default, wording: json))
        try channel.activate()
        try channel.writeInbound(text: "GET / HTTP/1.1\r\nHost: x\r\n\(fillers)\r\n")
        let answer = try WireResponse.parse(channel.readOutboundText())
        #expect(answer.status == 431)
        #expect(answer.values(of: "Content-Type") == ["application/json"])
        #expect(answer.values(of: "Cache-Control") == ["no-store"])
        #expect(answer.values(of: "Connection") == ["close"])
        #expect(answer.body == #"{"error":"the request carried 151 header fields (the server accepts at most 100)"}"#)
        #expect(!channel.isActive)

        let head = try ServedConnection(ServerSpec(id: "origin"))
        let headAnswer = try head.exchange("HEAD / HTTP/1.1\r\nHost: x\r\n\(fillers)\r\n")
        #expect(headAnswer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
        #expect(headAnswer.hasSuffix("\r\n\r\n"), "no body after the head: \(headAnswer)")
        #expect(head.requests.map(\.responseStatus) == [431])
    }

    @Test("a refused head with a body: the connection closes mid-body, and that is no protocol error of the client's")
    func refusedWithBody() throws {
        let connection = try ServedConnection(ServerSpec(id: "origin"))
        let fillers = String(repeating: "X-Filler: 1\r\n", count: 150)
        let answer = try connection.exchange(
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\(fillers)\r\npart of a body")
        // Only the first answer: an EmbeddedChannel keeps what is written after its close (here NIO's
        // 400 for the cut-off body), where a socket refuses it.
        #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "\(answer)")
        #expect(!connection.channel.isActive)
        #expect(connection.recorder.record.protocolError == nil)
        #expect(connection.requests.map(\.refusal?.limit) == [.headerCount])
    }
}

/// A listener's handler that answers only when told: the control API, or a proxy waiting for its origin.
private final class LateResponder: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func answer(context: ChannelHandlerContext) {
        let headers = HTTPHeaders([("Content-Length", "3")])
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "ok\n")))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
