import MockAuthTranscript
import Synchronization

/// Decides, for one server, which requests are kept in full and which are folded into an identical
/// request already kept, so that memory stays bounded under load while every rule sees the same:
///
/// - the first request of each kind is kept (a kind is everything a rule can look at: method, target,
///   headers, answer, authentication);
/// - after a new kind appears, the next request of every kind is kept again, so "the first B after
///   the first A" is always a kept record, whatever A and B;
/// - any other request is folded into the last kept request of its kind, whose ``RequestRecord/repeats``
///   counts it, so counts stay exact.
///
/// Past `limit` kept records, a request of a kind seen before is folded into it whatever the order,
/// and a request of a new kind is only counted (``droppedCount``).
final class RequestLog: Sendable {
    let server: String
    let limit: Int

    private struct Representative {
        /// Weak: a folded connection is released; then the next request of this kind is kept again.
        weak var recorder: ConnectionRecorder?
        var index: Int
        /// The number of kinds the log had seen when this record was kept.
        var epoch: Int
    }

    /// What makes two requests the same to every rule: the request's kind and the handshake of the
    /// connection it came over (a rule about client certificates tells them apart).
    private struct Kind: Hashable {
        var request: RequestRecord
        var handshake: TLSHandshakeRecord?
    }

    private struct State {
        /// How many kinds the log has seen.
        var epoch = 0
        var kinds: [Kind: Representative] = [:]
        var kept = 0
        var dropped = 0
    }

    private let state = Mutex(State())

    init(server: String, limit: Int) {
        self.server = server
        self.limit = limit
    }

    /// Requests of a new kind that were counted, not kept, because the log was full.
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// Keeps `request` in `connection`'s record, or folds it into an identical request kept before
    /// that came over a connection with the same `handshake`.
    func record(_ request: RequestRecord, from connection: ConnectionRecorder, handshake: TLSHandshakeRecord?) {
        let kind = Kind(request: request.kind, handshake: handshake)
        let foldInto: (ConnectionRecorder, Int)? = state.withLock { state in
            let known = state.kinds[kind]
            let representative = known.flatMap { known in known.recorder.map { ($0, known.index) } }
            if let known, let representative, known.epoch == state.epoch || state.kept >= limit {
                return representative
            }
            guard state.kept < limit else {
                state.dropped += 1
                return nil
            }
            if known == nil { state.epoch += 1 }
            // Lock order: the log, then the connection; a connection never calls into the log while
            // holding its own lock.
            let index = connection.append(request)
            state.kinds[kind] = Representative(recorder: connection, index: index, epoch: state.epoch)
            state.kept += 1
            return nil
        }
        if let (recorder, index) = foldInto { recorder.addRepeat(at: index, sequence: request.sequence) }
    }
}
