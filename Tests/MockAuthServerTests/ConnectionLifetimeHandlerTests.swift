import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded
import Testing

@testable import MockAuthServer

@Suite("ConnectionLifetimeHandler: the one place a served connection ends")
struct ConnectionLifetimeHandlerTests {
    func channel(recorder: ConnectionRecorder, gates: [AuthGate] = []) throws -> (EmbeddedChannel, InboundEventLog) {
        let log = InboundEventLog()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([
            ConnectionLifetimeHandler(recorder: recorder, gates: gates), log,
        ])
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
}
