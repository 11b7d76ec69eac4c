import MockAuthTranscript
import NIOCore
import Testing

@testable import MockAuthServer

/// The time limits of one connection as a value: events and a clock in, the next check and the
/// limit that closes it out. No channel, no timer.
@Suite("ConnectionDeadlines: which limit closes a connection, and when to look")
struct ConnectionDeadlinesTests {
    static let limits = ConnectionLimits(
        tlsHandshake: .seconds(10), requestHead: .seconds(30), connection: .seconds(600))
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    static func at(_ seconds: Int64) -> NIODeadline { start + .seconds(seconds) }

    @Test("plain HTTP: the head limit runs from the start; the connection limit bounds everything")
    func plainStart() {
        let deadlines = ConnectionDeadlines(limits: Self.limits, usesTLS: false, now: Self.start)
        #expect(deadlines.phase == .awaitingHead)
        #expect(deadlines.nextCheck == Self.at(30))
        #expect(deadlines.check(now: Self.at(29)) == .wait(until: Self.at(30)))
        #expect(deadlines.check(now: Self.at(30)) == .close(.requestHead))
    }

    @Test("TLS: the handshake limit first, then the head limit from the handshake's end")
    func tlsStart() {
        var deadlines = ConnectionDeadlines(limits: Self.limits, usesTLS: true, now: Self.start)
        #expect(deadlines.phase == .handshake)
        #expect(deadlines.check(now: Self.at(10)) == .close(.tlsHandshake))
        deadlines.handshakeCompleted(now: Self.at(4))
        #expect(deadlines.phase == .awaitingHead)
        #expect(deadlines.nextCheck == Self.at(34))
        #expect(deadlines.check(now: Self.at(10)) == .wait(until: Self.at(34)))
    }

    @Test("a head limit shorter than what is left of the handshake's moves the next check earlier")
    func shortHeadLimit() {
        let limits = ConnectionLimits(tlsHandshake: .seconds(10), requestHead: .seconds(2), connection: .seconds(600))
        var deadlines = ConnectionDeadlines(limits: limits, usesTLS: true, now: Self.start)
        deadlines.handshakeCompleted(now: Self.at(1))
        #expect(deadlines.nextCheck == Self.at(3))
        #expect(deadlines.check(now: Self.at(3)) == .close(.requestHead))
    }

    @Test(
        "no head limit while a request is read and answered: the body limit until its end, then only the connection's; the idle time starts when both have ended"
    )
    func exchange() {
        var deadlines = ConnectionDeadlines(limits: Self.limits, usesTLS: false, now: Self.start)
        deadlines.requestHeadReceived(now: Self.start)
        #expect(deadlines.nextCheck == Self.at(30), "the body limit while the request is read")
        deadlines.requestEnded(now: Self.at(5))
        #expect(deadlines.nextCheck == Self.at(600), "only the connection limit while the answer is awaited")
        #expect(deadlines.phase == .exchange(requestEnded: true, answered: false))
        #expect(
            deadlines.check(now: Self.at(100)) == .wait(until: Self.at(600)), "an answer that takes long is not cut off"
        )
        deadlines.responseEnded(now: Self.at(100))
        #expect(deadlines.phase == .awaitingHead)
        #expect(deadlines.nextCheck == Self.at(130))
    }

    @Test("an answer given before the request's end (a 401 before the body): the idle time starts at the request's end")
    func answeredEarly() {
        var deadlines = ConnectionDeadlines(limits: Self.limits, usesTLS: false, now: Self.start)
        deadlines.requestHeadReceived(now: Self.start)
        deadlines.responseEnded(now: Self.at(1))
        #expect(deadlines.phase == .exchange(requestEnded: false, answered: true))
        #expect(deadlines.nextCheck == Self.at(30), "the body limit still runs")
        deadlines.requestEnded(now: Self.at(20))
        #expect(deadlines.nextCheck == Self.at(50))
    }

    @Test("a body that has not ended within the body limit after its head closes the connection as that limit")
    func stalledBody() {
        let limits = ConnectionLimits(
            tlsHandshake: .seconds(10), requestHead: .seconds(30), requestBody: .seconds(5), connection: .seconds(600))
        var deadlines = ConnectionDeadlines(limits: limits, usesTLS: false, now: Self.start)
        deadlines.requestHeadReceived(now: Self.at(10))
        #expect(deadlines.phase == .exchange(requestEnded: false, answered: false))
        #expect(deadlines.nextCheck == Self.at(15), "sooner than the head deadline the timer was set for")
        #expect(deadlines.check(now: Self.at(14)) == .wait(until: Self.at(15)))
        #expect(deadlines.check(now: Self.at(15)) == .close(.requestBody))
        // A body that ends in time: the answer is not held to the body limit.
        deadlines.requestEnded(now: Self.at(14))
        #expect(deadlines.check(now: Self.at(100)) == .wait(until: Self.at(600)))
    }

    @Test("the connection limit wins when it comes first, and closes a connection whatever it is doing")
    func connectionLimit() {
        var deadlines = ConnectionDeadlines(limits: Self.limits, usesTLS: false, now: Self.start)
        deadlines.requestHeadReceived(now: Self.start)
        deadlines.requestEnded(now: Self.at(580))
        deadlines.responseEnded(now: Self.at(580))
        #expect(deadlines.nextCheck == Self.at(600))
        #expect(deadlines.check(now: Self.at(600)) == .close(.connection))
        #expect(deadlines.check(now: Self.at(700)) == .close(.connection), "the earlier of two passed limits")
    }

    @Test("HTTP/2 chosen by ALPN during the handshake: frames after it, the head limit while no stream is open")
    func http2ByALPN() {
        var deadlines = ConnectionDeadlines(limits: Self.limits, usesTLS: true, now: Self.start)
        deadlines.streamsMultiplexed()
        #expect(deadlines.phase == .handshake, "the handshake's own limit still runs")
        deadlines.handshakeCompleted(now: Self.at(1))
        #expect(deadlines.phase == .multiplexed(openStreams: 0))
        #expect(deadlines.nextCheck == Self.at(31))
        deadlines.streamOpened()
        deadlines.streamOpened()
        #expect(deadlines.nextCheck == Self.at(600))
        deadlines.streamClosed(now: Self.at(40))
        #expect(deadlines.nextCheck == Self.at(600), "a stream is still open")
        deadlines.streamClosed(now: Self.at(50))
        #expect(deadlines.phase == .multiplexed(openStreams: 0))
        #expect(deadlines.nextCheck == Self.at(80))
        #expect(deadlines.check(now: Self.at(80)) == .close(.requestHead))
    }

    @Test("HTTP/2 by its preface in plain HTTP: the head limit that ran from the start goes on")
    func http2ByPreface() {
        var deadlines = ConnectionDeadlines(limits: Self.limits, usesTLS: false, now: Self.start)
        deadlines.streamsMultiplexed()
        #expect(deadlines.phase == .multiplexed(openStreams: 0))
        #expect(deadlines.nextCheck == Self.at(30))
        deadlines.requestHeadReceived(now: Self.start)
        #expect(deadlines.phase == .multiplexed(openStreams: 0), "HTTP/1 events mean nothing on HTTP/2")
    }

    @Test("a CONNECT tunnel: only the connection limit, whatever the client sends")
    func tunnel() {
        var deadlines = ConnectionDeadlines(limits: Self.limits, usesTLS: false, now: Self.start)
        deadlines.requestHeadReceived(now: Self.start)
        deadlines.tunnelEstablished()
        deadlines.requestEnded(now: Self.at(1))
        deadlines.responseEnded(now: Self.at(1))
        #expect(deadlines.phase == .tunnel)
        #expect(deadlines.nextCheck == Self.at(600))
        #expect(deadlines.check(now: Self.at(599)) == .wait(until: Self.at(600)))
        #expect(deadlines.check(now: Self.at(600)) == .close(.connection))
    }
}
