import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import Testing

@testable import MockAuthServer

@Suite("ConnectionLifetime: the one place a served connection ends, in its limits handler")
struct ConnectionLifetimeTests {
    static let limits = ConnectionLimits(tlsHandshake: .seconds(10), requestHead: .seconds(2), connection: .seconds(60))

    /// A connection's limits handler (which ends it) with `before` in front of it, as the TLS
    /// handlers and the HTTP/1.1 decoder stand, and a log of the events after it.
    func channel(
        recorder: ConnectionRecorder, gates: [AuthGate] = [], before: [any ChannelHandler] = []
    ) throws -> (EmbeddedChannel, InboundEventLog) {
        let log = InboundEventLog()
        let channel = EmbeddedChannel()
        let limits = ConnectionLimitsHandler(
            limits: Self.limits, usesTLS: recorder.record.tls != nil, answering: .atOnce, recorder: recorder,
            gates: gates)
        try channel.pipeline.syncOperations.addHandlers(before + [limits, log])
        try channel.activate()
        return (channel, log)
    }

    @Test("channelInactive marks the record closed and is passed on")
    func marksClosed() throws {
        let recorder = Fixtures.connectionRecorder()
        let (channel, log) = try channel(recorder: recorder)
        #expect(!recorder.isClosed)
        channel.close(promise: nil)
        #expect(recorder.isClosed)
        #expect(recorder.record.closed)
        #expect(recorder.record.tls == nil)
        #expect(log.inactiveCount == 1)
    }

    @Test(
        "a handshake still in progress becomes abandoned, or failed when the client sent an alert",
        arguments: [
            (nil, TLSHandshakeRecord(state: .abandoned)),
            ("unknown_ca", TLSHandshakeRecord(state: .failed, alert: "unknown_ca")),
        ])
    func unfinishedHandshake(alert: String?, expected: TLSHandshakeRecord) throws {
        let recorder = Fixtures.connectionRecorder(usesTLS: true)
        let (channel, _) = try channel(recorder: recorder)
        if let alert { recorder.clientSentAlert(alert) }
        channel.close(promise: nil)
        #expect(recorder.record.tls == expected)
    }

    @Test("a finished handshake stays as it was; a report after the close does not rewrite the record")
    func finishedHandshake() throws {
        let recorder = Fixtures.connectionRecorder(usesTLS: true)
        let (channel, _) = try channel(recorder: recorder)
        recorder.handshakeEnded(TLSHandshakeRecord(state: .completed))
        channel.close(promise: nil)
        #expect(recorder.record.tls == TLSHandshakeRecord(state: .completed))

        let abandoned = Fixtures.connectionRecorder(usesTLS: true)
        let (other, _) = try self.channel(recorder: abandoned)
        other.close(promise: nil)
        abandoned.handshakeEnded(TLSHandshakeRecord(state: .failed, error: "EOF during handshake"))
        #expect(abandoned.record.tls == TLSHandshakeRecord(state: .abandoned))
    }

    @Test("every gate of the server forgets the connection's NTLM handshake; other connections keep theirs")
    func freesGateState() throws {
        let ntlm = AuthSpec(realm: "mockauth", schemes: [.ntlm], account: Fixtures.alice)
        var other = ntlm
        other.realm = "other"
        let gates = [AuthGate(spec: ntlm, side: .origin), AuthGate(spec: other, side: .origin)]
        let recorder = Fixtures.connectionRecorder()
        let (channel, _) = try channel(recorder: recorder, gates: gates)
        let elsewhere = recorder.id + 1
        for gate in gates {
            for connection in [recorder.id, elsewhere] {
                _ = gate.check(
                    method: "GET", target: "/", credentials: [NTLMMessages.negotiate], body: [],
                    connectionID: connection)
            }
        }

        channel.close(promise: nil)
        for gate in gates {
            let type3 = [NTLMMessages.authenticate(user: "mallory")]
            let closed = gate.check(method: "GET", target: "/", credentials: type3, body: [], connectionID: recorder.id)
            #expect(closed.record.reason.hasPrefix("NTLM type 3 on a connection that never received a type 2"))
            let open = gate.check(method: "GET", target: "/", credentials: type3, body: [], connectionID: elsewhere)
            #expect(open.record.reason == "unknown user mallory")
        }
    }

    @Test(
        "the TLS handler's error for a handshake cut off by the close, reported as the channel goes inactive, leaves the handshake abandoned"
    )
    func closeDuringHandshake() throws {
        for alert in [nil, "unknown_ca"] {
            let recorder = Fixtures.connectionRecorder(usesTLS: true)
            let (channel, log) = try channel(
                recorder: recorder,
                before: [ErrorWhenInactive(), TLSTranscriptHandler(recorder: recorder)])
            if let alert { recorder.clientSentAlert(alert) }
            channel.close(promise: nil)
            #expect(
                recorder.record.tls
                    == (alert == nil
                        ? TLSHandshakeRecord(state: .abandoned) : TLSHandshakeRecord(state: .failed, alert: alert)))
            #expect(log.errors.count == 1, "the error is passed on")
            #expect(log.inactiveCount == 1)
        }
    }

    @Test("an error while the connection is open still ends the handshake as failed")
    func errorWhileOpen() throws {
        let recorder = Fixtures.connectionRecorder(usesTLS: true)
        let (channel, _) = try channel(recorder: recorder, before: [TLSTranscriptHandler(recorder: recorder)])
        channel.pipeline.fireErrorCaught(ErrorWhenInactive.Cut())
        #expect(recorder.record.tls?.state == .failed)
        channel.close(promise: nil)
        #expect(recorder.record.tls?.state == .failed)
    }

    @Test(
        "a request cut off by the close is the decoder's last word, recorded before the connection is folded into an identical one"
    )
    func requestCutOff() throws {
        let transcript = TranscriptRecorder()
        let behavior = ServerBehavior(spec: ServerSpec(id: "origin"), endpoints: EndpointDirectory())
        let quiet = try ServedConnection(behavior: behavior, transcript: transcript)
        quiet.channel.close(promise: nil)
        let cut = try ServedConnection(behavior: behavior, transcript: transcript)
        try cut.channel.writeInbound(text: "GET /hello HTTP/1.1\r\nHost: x\r\n")
        cut.channel.close(promise: nil)
        let connections = transcript.snapshot().connections
        #expect(connections.count == 2, "the connection with the cut request is not folded into the quiet one")
        #expect(connections.compactMap(\.protocolError).count == 1)
        #expect(connections.last?.protocolError?.hasPrefix("HTTP parser:") == true)
    }
}

/// Fires an error as the channel goes inactive, before passing the event on: what NIOSSL does for
/// a handshake the close cut off ("EOF during handshake").
private final class ErrorWhenInactive: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    struct Cut: Error {}

    func channelInactive(context: ChannelHandlerContext) {
        context.fireErrorCaught(Cut())
        context.fireChannelInactive()
    }
}
