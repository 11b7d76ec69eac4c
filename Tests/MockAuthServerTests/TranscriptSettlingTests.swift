import MockAuthTranscript
import Testing

@testable import MockAuthServer

/// Waiting before a verdict: `check` waits for the connections of a client that exited to close;
/// the control API, whose clients live on, waits only for exchanges under way.
@Suite("Settling before a verdict")
struct TranscriptSettlingTests {
    /// Whether `wait` returns before `bound` passes (it is given an hour of its own).
    func returns(within bound: Duration, _ wait: @escaping @Sendable () async -> Void) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await wait()
                return true
            }
            group.addTask {
                try? await Task.sleep(for: bound)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    @Test("an idle keep-alive connection does not hold up waitUntilQuiet; a handshake or a request under way does")
    func quiet() async {
        let recorder = TranscriptRecorder()
        let idle = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: false)
        idle.requestAnswered(RequestRecord(method: "GET", target: "/", responseStatus: 200))
        #expect(await returns(within: .seconds(10)) { await recorder.waitUntilQuiet(timeout: .seconds(3600)) })
        #expect(!idle.isMidExchange)

        // A TLS handshake under way: waited for until the connection closes.
        let handshaking = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: true)
        #expect(handshaking.isMidExchange)
        #expect(await !returns(within: .milliseconds(200)) { await recorder.waitUntilQuiet(timeout: .seconds(3600)) })
        handshaking.handshakeEnded(TLSHandshakeRecord(state: .completed))
        #expect(!handshaking.isMidExchange)

        // A proxied request whose answer is not known yet.
        handshaking.requestStarted(RequestRecord(method: "GET", target: "http://127.0.0.1:1/"))
        #expect(handshaking.isMidExchange)
        handshaking.startedRequestAnswered(status: 200)
        #expect(await returns(within: .seconds(10)) { await recorder.waitUntilQuiet(timeout: .seconds(3600)) })
        idle.closed()
        handshaking.closed()
    }
}

/// The keep-alive fast path of folding: a connection's next request of the same kind goes where
/// its previous one went, unless a request has been kept since.
@Suite("Folding again without the log's lock")
struct FoldAgainTests {
    func request(_ target: String) -> RequestRecord {
        RequestRecord(method: "GET", target: target, responseStatus: 200)
    }

    @Test("repeats fold into the kept record; after another kind is kept, the next repeat is kept again")
    func orderPreserved() {
        let recorder = TranscriptRecorder()
        let first = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: false)
        let other = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: false)
        first.requestAnswered(request("/a"))
        first.requestAnswered(request("/a"))
        first.requestAnswered(request("/a"))
        #expect(first.record.requests.map(\.occurrences) == [3])
        // A new kind on another connection: "the first /a after the first /b" must be its own record.
        other.requestAnswered(request("/b"))
        first.requestAnswered(request("/a"))
        first.requestAnswered(request("/a"))
        #expect(first.record.requests.map(\.target) == ["/a", "/a"])
        #expect(first.record.requests.map(\.occurrences) == [3, 2])
        // Another kind on the same connection is never folded into the previous one.
        first.requestAnswered(request("/c"))
        #expect(first.record.requests.map(\.target) == ["/a", "/a", "/c"])
        let sequences = first.record.requests.map(\.lastSequence)
        #expect(sequences == sequences.sorted())
    }
}
