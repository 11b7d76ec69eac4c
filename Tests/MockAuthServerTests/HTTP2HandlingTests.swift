import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import NIOHPACK
import NIOHTTP2
import NIOTLS
import Testing

@testable import MockAuthServer

/// HTTP/2 on a scenario server: which protocol a cleartext connection speaks, when a request must
/// go back to HTTP/1.1, and a stream's pipeline (``ChannelPipeline/SynchronousOperations/addScenarioStreamHandlers(behavior:recorder:)``)
/// on an `EmbeddedChannel` fed HTTP/2 frame payloads.
@Suite("HTTP/2: preface, HTTP_1_1_REQUIRED, streams")
struct HTTP2HandlingTests {
    static let ntlmAuth = AuthSpec(realm: "mockauth", schemes: [.ntlm], account: Fixtures.alice)
    static let limits = ConnectionLimits(
        tlsHandshake: .seconds(10), requestHead: .seconds(30), connection: .seconds(600))

    static func behavior(auth: AuthSpec?) -> ServerBehavior {
        ServerBehavior(
            spec: ServerSpec(id: "origin", auth: auth, http2: .besideHTTP1), endpoints: EndpointDirectory(),
            limits: limits)
    }

    // MARK: The preface

    @Test("the first bytes of a cleartext connection: HTTP/2 with the whole preface, HTTP/1 as soon as they differ")
    func preface() {
        let preface = ConnectionPreface.bytes
        #expect(ConnectionPreface.classify(ByteBuffer(bytes: preface)) == .http2)
        #expect(ConnectionPreface.classify(ByteBuffer(bytes: preface + [0, 0, 0, 4])) == .http2)
        #expect(ConnectionPreface.classify(ByteBuffer(bytes: preface.prefix(10))) == nil, "not yet known")
        #expect(ConnectionPreface.classify(ByteBuffer()) == nil)
        #expect(ConnectionPreface.classify(ByteBuffer(string: "GET / HTTP/1.1\r\n")) == .http1)
        #expect(ConnectionPreface.classify(ByteBuffer(string: "PRI * HTTP/1.1\r\n")) == .http1, "differs at byte 11")
        #expect(ConnectionPreface.classify(ByteBuffer(string: "P")) == nil)
        #expect(ServedProtocol(alpn: "h2") == .http2)
        #expect(ServedProtocol(alpn: "http/1.1") == .http1)
        #expect(ServedProtocol(alpn: nil) == .http1)
    }

    // MARK: HTTP_1_1_REQUIRED

    @Test("HTTP/1.1 is required when the space offers only NTLM or Negotiate, or the request carries either")
    func requiresHTTP11() {
        #expect(AuthGate.requiresHTTP11(offered: [.ntlm], credentials: []))
        #expect(AuthGate.requiresHTTP11(offered: [.negotiate, .ntlm], credentials: []))
        #expect(!AuthGate.requiresHTTP11(offered: [.basic], credentials: []))
        #expect(!AuthGate.requiresHTTP11(offered: [.digest, .ntlm], credentials: []), "Digest can answer on HTTP/2")
        #expect(AuthGate.requiresHTTP11(offered: [.digest, .ntlm], credentials: ["NTLM TlRMTVNTUAABAAAA"]))
        #expect(
            AuthGate.requiresHTTP11(offered: [.basic], credentials: ["negotiate YIIB"]), "in any case, offered or not")
        #expect(!AuthGate.requiresHTTP11(offered: [.digest, .ntlm], credentials: [#"Digest username="a""#]))
        #expect(!AuthGate.requiresHTTP11(offered: [.bearer], credentials: ["Bearer NTLM"]))
    }

    // MARK: A stream

    /// A stream's pipeline on an `EmbeddedChannel`, behind a gate of `auth`, recording on `recorder`
    /// (a connection's streams share it).
    func stream(
        auth: AuthSpec?, recorder: ConnectionRecorder = Fixtures.connectionRecorder(usesTLS: true)
    ) throws -> (EmbeddedChannel, ConnectionRecorder) {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addScenarioStreamHandlers(
            behavior: Self.behavior(auth: auth), recorder: recorder)
        try channel.activate()
        return (channel, recorder)
    }

    func request(_ extra: [(String, String)] = []) -> HTTP2Frame.FramePayload {
        let headers = HPACKHeaders(
            [(":method", "GET"), (":path", "/"), (":scheme", "https"), (":authority", "x")] + extra)
        return .headers(.init(headers: headers, endStream: true))
    }

    @Test("a request that needs NTLM is reset with HTTP_1_1_REQUIRED, unanswered, and recorded so")
    func ntlmIsReset() throws {
        let (channel, recorder) = try stream(auth: Self.ntlmAuth)
        try channel.writeInbound(request())
        let payload = try #require(try channel.readOutbound(as: HTTP2Frame.FramePayload.self))
        guard case .rstStream(let code) = payload else {
            Issue.record("expected RST_STREAM, got \(payload)")
            return
        }
        #expect(code == .http11Required)
        #expect(try channel.readOutbound(as: HTTP2Frame.FramePayload.self) == nil, "no response after the reset")
        let record = try #require(recorder.record.requests.first)
        #expect(record.httpVersion == .http2)
        #expect(record.streamReset == .http11Required)
        #expect(record.responseStatus == nil)
        #expect(record.auth == nil, "it carried no credentials, and no challenge went back")
        #expect(record.answerSummary == "reset with HTTP_1_1_REQUIRED (HTTP/2 stream)")
    }

    @Test("NTLM credentials on HTTP/2 are reset too, and recorded as credentials the server did not read")
    func ntlmCredentialsAreReset() throws {
        let (channel, recorder) = try stream(auth: Self.ntlmAuth)
        try channel.writeInbound(
            request([("authorization", "NTLM TlRMTVNTUAABAAAAB4IIogAAAAAAAAAAAAAAAAAAAAAGAbEdAAAADw==")]))
        let payload = try #require(try channel.readOutbound(as: HTTP2Frame.FramePayload.self))
        guard case .rstStream(.http11Required) = payload else {
            Issue.record("expected RST_STREAM HTTP_1_1_REQUIRED, got \(payload)")
            return
        }
        let auth = try #require(recorder.record.requests.first?.auth)
        #expect(auth.scheme == "NTLM")
        #expect(auth.carriedCredentials)
        #expect(auth.decision == .refused)
        #expect(auth.reason.contains("HTTP_1_1_REQUIRED"))
    }

    @Test("Basic on HTTP/2 is answered like HTTP/1.1: a 401 with the challenge, no connection header, the stream open")
    func basicIsAnswered() throws {
        let (channel, recorder) = try stream(auth: Fixtures.basicAuth)
        try channel.writeInbound(request())
        let head = try #require(try channel.readOutbound(as: HTTP2Frame.FramePayload.self))
        guard case .headers(let headers) = head else {
            Issue.record("expected HEADERS, got \(head)")
            return
        }
        #expect(headers.headers[":status"] == ["401"])
        #expect(headers.headers["www-authenticate"] == [Fixtures.basicChallenge])
        #expect(headers.headers["connection"].isEmpty)
        #expect(channel.isActive, "an HTTP/2 stream's answer does not close anything")
        let record = try #require(recorder.record.requests.first)
        #expect(record.httpVersion == .http2)
        #expect(record.responseStatus == 401)
        #expect(record.streamReset == nil)
        #expect(record.auth?.decision == .challenged)

        // The answer comes on the next stream, recorded on the same connection.
        let (next, _) = try stream(auth: Fixtures.basicAuth, recorder: recorder)
        try next.writeInbound(request([("authorization", Fixtures.basic("alice", "secret"))]))
        var status: [String] = []
        while let payload = try next.readOutbound(as: HTTP2Frame.FramePayload.self) {
            if case .headers(let headers) = payload { status += headers.headers[":status"] }
        }
        #expect(status.contains("200"))
        #expect(recorder.record.requests.map(\.auth?.decision) == [.challenged, .authenticated])
        #expect(recorder.record.requests.allSatisfy { $0.httpVersion == .http2 })
    }

    @Test(
        "a stream whose head is over the limits gets its 431 and ends; the refusal is recorded, the connection goes on")
    func headLimitsOnAStream() throws {
        let (channel, recorder) = try stream(auth: Fixtures.basicAuth)
        let fillers = (1...120).map { ("x-filler-\($0)", "1") }
        try channel.writeInbound(request(fillers))
        var status: [String] = []
        var connection: [String] = []
        while let payload = try channel.readOutbound(as: HTTP2Frame.FramePayload.self) {
            if case .headers(let headers) = payload {
                status += headers.headers[":status"]
                connection += headers.headers["connection"]
            }
        }
        #expect(status == ["431"])
        #expect(connection.isEmpty, "no connection header on HTTP/2")
        #expect(channel.isActive, "the stream ends with its answer; the connection is not the stream's to close")
        let record = try #require(recorder.record.requests.first)
        #expect(record.responseStatus == 431)
        #expect(record.refusal?.limit == .headerCount)
        #expect(record.httpVersion == .http2)
        #expect(record.auth == nil, "the gate never saw it")
    }

    @Test("a stream whose body stalls after its head closes at the body limit, recorded as that limit")
    func stalledBodyOnAStream() throws {
        let (channel, recorder) = try stream(auth: nil)
        let head = HPACKHeaders([(":method", "POST"), (":path", "/"), (":scheme", "https"), (":authority", "x")])
        try channel.writeInbound(HTTP2Frame.FramePayload.headers(.init(headers: head, endStream: false)))
        try channel.writeInbound(HTTP2Frame.FramePayload.data(.init(data: .byteBuffer(ByteBuffer(string: "abc")))))
        channel.expectClosed(by: .requestBody, after: .seconds(29), within: .seconds(2), recorder: recorder)
    }

    @Test("a stream whose body ends in time is answered, and no body limit runs after it")
    func bodyInTimeOnAStream() throws {
        let (channel, recorder) = try stream(auth: nil)
        let head = HPACKHeaders([(":method", "POST"), (":path", "/"), (":scheme", "https"), (":authority", "x")])
        try channel.writeInbound(HTTP2Frame.FramePayload.headers(.init(headers: head, endStream: false)))
        channel.embeddedEventLoop.advanceTime(by: .seconds(20))
        try channel.writeInbound(
            HTTP2Frame.FramePayload.data(.init(data: .byteBuffer(ByteBuffer(string: "abc")), endStream: true)))
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive)
        #expect(recorder.record.closedByLimit == nil)
        #expect(recorder.record.requests.map(\.responseStatus) == [200])
    }

    // MARK: The connection

    /// A plain connection of an HTTP/2-capable server, as ``Listener`` builds it.
    func cleartextConnection(auth: AuthSpec? = nil) throws -> (EmbeddedChannel, ConnectionRecorder) {
        let recorder = Fixtures.connectionRecorder()
        let channel = EmbeddedChannel()
        let behavior = Self.behavior(auth: auth)
        try channel.pipeline.syncOperations.addScenarioServerHandlers(
            .scenarioServer(tls: nil, behavior: behavior, http2: .besideHTTP1), behavior: behavior, recorder: recorder)
        try channel.activate()
        return (channel, recorder)
    }

    /// A TLS connection of a server of HTTP/2 alone (`http2: only`) whose handshake has just
    /// completed: the selector before the limits handler, as ``addScenarioServerHandlers`` puts
    /// them, with the TLS handlers' part (the handshake recorded, the event fired) played here.
    func handshakeCompleted(choosing negotiated: String?, http2: HTTP2Offer) throws -> (
        EmbeddedChannel, ConnectionRecorder
    ) {
        let recorder = Fixtures.connectionRecorder(usesTLS: true)
        let channel = EmbeddedChannel()
        let behavior = ServerBehavior(
            spec: ServerSpec(id: "origin", http2: http2), endpoints: EndpointDirectory(), limits: Self.limits)
        let deadline = ConnectionLimitsHandler(
            limits: Self.limits, usesTLS: true, answering: .atOnce, recorder: recorder)
        try channel.pipeline.syncOperations.addHandler(deadline)
        try channel.pipeline.syncOperations.addHandler(
            HTTPProtocolSelector(
                detection: .alpn, allowsHTTP1: http2 != .only, deadline: deadline, behavior: behavior,
                recorder: recorder),
            position: .before(deadline))
        try channel.activate()
        recorder.handshakeEnded(TLSHandshakeRecord(state: .completed))
        channel.pipeline.fireUserInboundEventTriggered(TLSUserEvent.handshakeCompleted(negotiatedProtocol: negotiated))
        return (channel, recorder)
    }

    @Test(
        "HTTP/2 alone: a handshake that chose http/1.1 or nothing is closed unanswered, and the transcript says h2 was missing",
        arguments: [nil, "http/1.1"] as [String?])
    func http2OnlyRefusesHTTP1(negotiated: String?) throws {
        let (channel, recorder) = try handshakeCompleted(choosing: negotiated, http2: .only)
        #expect(!channel.isActive)
        #expect(recorder.record.tls?.missingProtocol == "h2")
        #expect(recorder.record.requests.isEmpty)
        #expect(recorder.record.handshakeSummary.contains("without choosing h2 by ALPN"))
        // Bytes that follow (in the same read, before the close completes) are never read as HTTP/1.1.
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: RequestResponder.self) }
        #expect(recorder.record.protocolError == nil)
    }

    @Test("HTTP/2 alone: a handshake that chose h2 is served in HTTP/2; beside HTTP/1.1, no ALPN is HTTP/1.1")
    func http2OnlyServesH2() throws {
        let (h2, h2Recorder) = try handshakeCompleted(choosing: "h2", http2: .only)
        #expect(h2.isActive)
        #expect(h2Recorder.record.tls?.missingProtocol == nil)
        #expect(try h2.pipeline.syncOperations.handler(type: NIOHTTP2Handler.self) != nil)
        let (http1, http1Recorder) = try handshakeCompleted(choosing: nil, http2: .besideHTTP1)
        #expect(http1.isActive)
        #expect(http1Recorder.record.tls?.missingProtocol == nil)
        try http1.writeInbound(text: "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try http1.readOutboundText().hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test("cleartext: an HTTP/1.1 request is served in HTTP/1.1, and the selector leaves the pipeline")
    func cleartextHTTP1() throws {
        let (channel, recorder) = try cleartextConnection()
        try channel.writeInbound(text: "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try channel.readOutboundText().hasPrefix("HTTP/1.1 200 OK"))
        #expect(recorder.record.requests.first?.httpVersion == .http1_1)
        #expect(throws: (any Error).self) {
            try channel.pipeline.syncOperations.handler(type: HTTPProtocolSelector.self)
        }
    }

    @Test("cleartext: a request asking to upgrade (h2c) is answered in HTTP/1.1 and the connection closed")
    func declinedUpgrade() throws {
        let (channel, _) = try cleartextConnection()
        try channel.writeInbound(
            text:
                "GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n\r\n"
        )
        let response = try channel.readOutboundText()
        #expect(response.hasPrefix("HTTP/1.1 200 OK"))
        #expect(response.lowercased().contains("connection: close"))
        #expect(!channel.isActive)
    }

    @Test(
        "cleartext HTTP/2: a stream whose body stalls closes the connection at the body limit, not at the connection's")
    func cleartextStalledStreamBody() throws {
        let (channel, recorder) = try cleartextConnection()
        // The preface, an empty SETTINGS frame, and the HEADERS of a POST on stream 1 that does not
        // end the stream (HPACK: `:method POST`, `:path /`, `:scheme http` from the static table,
        // `:authority x` a literal).
        let headers: [UInt8] = [0, 0, 6, 1, 4, 0, 0, 0, 1, 0x83, 0x84, 0x86, 0x41, 0x01, 0x78]
        try channel.writeInbound(ByteBuffer(bytes: ConnectionPreface.bytes + [0, 0, 0, 4, 0, 0, 0, 0, 0] + headers))
        channel.expectClosed(by: .requestBody, after: .seconds(29), within: .seconds(2), recorder: recorder)
    }

    @Test("cleartext: the preface, even split, switches to HTTP/2; idle with no stream, the head limit closes it")
    func cleartextPriorKnowledge() throws {
        let (channel, recorder) = try cleartextConnection()
        let preface = ConnectionPreface.bytes
        try channel.writeInbound(ByteBuffer(bytes: preface.prefix(7)))
        #expect(try channel.readOutboundBytes().isEmpty, "nothing is decided on 7 bytes")
        // The rest of the preface and an empty SETTINGS frame.
        try channel.writeInbound(ByteBuffer(bytes: Array(preface.dropFirst(7)) + [0, 0, 0, 4, 0, 0, 0, 0, 0]))
        _ = try channel.pipeline.syncOperations.handler(type: NIOHTTP2Handler.self)
        let written = try channel.readOutboundBytes()
        #expect(written.count >= 9 && written[3] == 4, "the server's SETTINGS frame comes first")
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(31))
        #expect(!channel.isActive)
        #expect(recorder.record.closedByLimit == .requestHead)
    }
}
