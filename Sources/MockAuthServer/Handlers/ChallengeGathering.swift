import NIOCore
import Synchronization

/// Holds the challenges an origin answers while its client is told to send its requests at once
/// (`concurrent: true`), so that requests the client sent together are seen in flight together:
/// each challenge waits until ``count`` are waiting, and then they all go out, or until ``wait``
/// has passed since it began to wait. A request that arrives while another waits overlaps it (it
/// arrived before that one was answered: ``MockAuthTranscript/RequestRecord/answerSequence``); a
/// request sent only once the answer to another came back never can. Without the wait, a server
/// that answers at once leaves no overlap to see, however a client sends.
///
/// One per origin and run, shared by the origin's connections, which may be on several event
/// loops: each held answer goes out on its own connection's loop.
final class ChallengeGathering: Sendable {
    /// How many held challenges release them all: the requests the client is given for the origin.
    let count: Int
    /// The longest a challenge is held.
    let wait: TimeAmount

    private struct Waiter {
        let eventLoop: any EventLoop
        let release: @Sendable () -> Void
    }

    private struct State {
        var lastTicket: UInt64 = 0
        var waiting: [UInt64: Waiter] = [:]
    }

    private let state = Mutex(State())

    /// - Parameters:
    ///   - count: how many held challenges release them all (at least 2).
    ///   - wait: the longest one is held (``defaultWait``).
    init(count: Int, wait: TimeAmount = ChallengeGathering.defaultWait) {
        self.count = max(2, count)
        self.wait = wait
    }

    /// A second: a client that sends its requests together has them all at the server well within
    /// it, and one that sends them one after another waits it once for each challenge.
    static let defaultWait = TimeAmount.seconds(1)

    /// Holds a challenge: `release` runs on `eventLoop` when it is to go out, with the others
    /// waiting once ``count`` wait, or after ``wait``. Never synchronously, so the caller finishes
    /// holding first.
    ///
    /// - Returns: the ticket that ``cancel(_:)`` takes (the connection closed meanwhile).
    @discardableResult
    func hold(on eventLoop: any EventLoop, release: @escaping @Sendable () -> Void) -> UInt64 {
        let (ticket, released) = state.withLock { state -> (UInt64, [Waiter]) in
            state.lastTicket += 1
            let ticket = state.lastTicket
            state.waiting[ticket] = Waiter(eventLoop: eventLoop, release: release)
            guard state.waiting.count >= count else { return (ticket, []) }
            defer { state.waiting = [:] }
            // In the order they began to wait.
            return (ticket, state.waiting.sorted { $0.key < $1.key }.map(\.value))
        }
        if released.isEmpty {
            eventLoop.scheduleTask(in: wait) { self.releaseOne(ticket) }
        }
        for waiter in released { waiter.eventLoop.execute(waiter.release) }
        return ticket
    }

    /// Forgets the challenge held with `ticket`, if it still waits.
    func cancel(_ ticket: UInt64) {
        _ = state.withLock { $0.waiting.removeValue(forKey: ticket) }
    }

    /// How many challenges wait now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// The challenge held with `ticket` has waited ``wait``: it goes out, if it still waits.
    private func releaseOne(_ ticket: UInt64) {
        guard let waiter = state.withLock({ $0.waiting.removeValue(forKey: ticket) }) else { return }
        waiter.eventLoop.execute(waiter.release)
    }
}
