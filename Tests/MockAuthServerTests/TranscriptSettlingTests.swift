import MockAuthTranscript
import Testing

@testable import MockAuthServer

/// Waiting before a verdict: `check` waits for the connections of a client that exited to close;
/// the control API, whose clients live on, waits only for exchanges under way.
///
/// No wall clock is read: a wait that must end is given an hour and the test a minute (a hang
/// fails the test, whatever the machine's speed), and a wait that must not end is told so by its
/// result once its own short timeout has passed.
@Suite("Settling before a verdict")
struct TranscriptSettlingTests {
    @Test(
        "an idle keep-alive connection does not hold up waitUntilQuiet; a handshake or a request under way does",
        .timeLimit(.minutes(1)))
    func quiet() async {
        let recorder = TranscriptRecorder()
        let idle = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: false)
        idle.requestAnswered(RequestRecord(method: "GET", target: "/", responseStatus: 200))
        #expect(await recorder.waitUntilQuiet(timeout: .seconds(3600)))
        #expect(!idle.isMidExchange)

        // A TLS handshake under way: waited for until the connection closes, here past the timeout.
        let handshaking = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: true)
        #expect(handshaking.isMidExchange)
        #expect(await !recorder.waitUntilQuiet(timeout: .milliseconds(50)))
        handshaking.handshakeEnded(TLSHandshakeRecord(state: .completed))
        #expect(!handshaking.isMidExchange)

        // A proxied request whose answer is not known yet.
        handshaking.requestStarted(RequestRecord(method: "GET", target: "http://127.0.0.1:1/"))
        #expect(handshaking.isMidExchange)
        handshaking.startedRequestAnswered(status: 200)
        #expect(await recorder.waitUntilQuiet(timeout: .seconds(3600)))
        idle.closed()
        handshaking.closed()
    }

    @Test("waitUntilIdle returns when the last connection closes, not before", .timeLimit(.minutes(1)))
    func idle() async {
        let recorder = TranscriptRecorder()
        let connection = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: false)
        #expect(await !recorder.waitUntilIdle(timeout: .milliseconds(50)))
        async let waited = recorder.waitUntilIdle(timeout: .seconds(3600))
        connection.closed()
        #expect(await waited)
    }
}
