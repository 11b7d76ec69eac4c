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
    fileprivate struct Kind: Hashable {
        var request: RequestRecord
        var handshake: TLSHandshakeRecord?
    }

    /// Where a request went (kept, or folded into a kept request): a connection remembers it so
    /// that its next request, if of the same kind, is folded the same way without the log's lock
    /// or a hash (``repeatTarget(of:handshake:placement:)``).
    struct Placement {
        fileprivate var kind: Kind
        fileprivate weak var recorder: ConnectionRecorder?
        fileprivate var index: Int
        /// ``keeps`` when the placement was made: while no request has been kept since, every
        /// kind's representative is unchanged.
        fileprivate var keeps: Int

        /// What a repeat of the request placed here needs to be folded the same way.
        var target: Target { Target(recorder: recorder, index: index, keeps: keeps) }
    }

    /// Where a ``Placement`` put its request, without the request's kind: small, so that a
    /// connection reads it on every repeat without copying a record. Not optional where it is kept
    /// (``none`` instead): a method of a stored value reads it in place, where an optional's would
    /// copy it, and its weak reference with it, on every repeat.
    struct Target {
        fileprivate weak var recorder: ConnectionRecorder?
        fileprivate var index: Int
        fileprivate var keeps: Int

        /// No target: it resolves to nothing.
        static let none = Target(recorder: nil, index: 0, keeps: -1)

        /// Where a request of the kind placed here folds, when `log` has kept no request since:
        /// ``RequestLog/repeatTarget(of:handshake:placement:)`` for a caller that knows its request
        /// to be of this kind, with the handshake the placement was made with.
        func resolve(in log: RequestLog) -> (recorder: ConnectionRecorder, index: Int)? {
            guard isCurrent(in: log), let recorder else { return nil }
            return (recorder, index)
        }

        /// Whether `log` has kept no request since the placement: then a request of its kind folds
        /// here, as long as its representative is there (``resolve(in:)``).
        func isCurrent(in log: RequestLog) -> Bool {
            keeps == log.keeps.load(ordering: .acquiring)
        }
    }

    /// How many requests have been kept; it changes only under the log's lock.
    private let keeps = Atomic<Int>(0)

    private struct State {
        /// How many kinds the log has seen.
        var epoch = 0
        var kinds: [Kind: Representative] = [:]
        var kept = 0
        var dropped = 0
        /// The kind of the last request placed and its representative (what ``kinds`` holds for
        /// it): a run of identical requests on new connections (one request each) is placed by an
        /// equality check instead of a hash.
        var last: (kind: Kind, representative: Representative)?
    }

    private let state = Mutex(State())

    init(server: String, limit: Int) {
        self.server = server
        self.limit = limit
    }

    /// Requests of a new kind that were counted, not kept, because the log was full.
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// How many requests the log has kept, each in a connection's record.
    var keptCount: Int { keeps.load(ordering: .relaxed) }

    /// Keeps `request` in `connection`'s record, or folds it into an identical request kept before
    /// that came over a connection with the same `handshake`.
    ///
    /// - Returns: where it went, for ``repeatTarget(of:handshake:placement:)``; `nil` when it was dropped.
    @discardableResult
    func record(_ request: RequestRecord, from connection: ConnectionRecorder, handshake: TLSHandshakeRecord?)
        -> Placement?
    {
        let kind = Kind(request: request.kind, handshake: handshake)
        let placed: (ConnectionRecorder, Int, fold: Bool, keeps: Int)? = state.withLock { state in
            if let last = state.last, last.kind == kind, let recorder = last.representative.recorder,
                last.representative.epoch == state.epoch || state.kept >= limit
            {
                return (recorder, last.representative.index, true, keeps.load(ordering: .relaxed))
            }
            let known = state.kinds[kind]
            let representative = known.flatMap { known in known.recorder.map { ($0, known.index) } }
            if let known, let representative, known.epoch == state.epoch || state.kept >= limit {
                state.last = (kind, known)
                return (representative.0, representative.1, true, keeps.load(ordering: .relaxed))
            }
            guard state.kept < limit else {
                state.dropped += 1
                return nil
            }
            if known == nil { state.epoch += 1 }
            // Lock order: the log, then the connection; a connection never calls into the log while
            // holding its own lock.
            let index = connection.append(request)
            let kept = Representative(recorder: connection, index: index, epoch: state.epoch)
            state.kinds[kind] = kept
            state.last = (kind, kept)
            state.kept += 1
            let count = keeps.add(1, ordering: .releasing).newValue
            return (connection, index, false, count)
        }
        guard let (recorder, index, fold, count) = placed else { return nil }
        if fold { recorder.addRepeat(at: index, sequence: request.sequence) }
        return Placement(kind: kind, recorder: recorder, index: index, keeps: count)
    }

    /// Where `request` folds when it is of the same kind as the connection's previous request, placed
    /// at `placement`, and no request has been kept since (so the previous placement is where
    /// ``record(_:from:handshake:)`` would put it too): the representative and the index of its
    /// record, for ``ConnectionRecorder/addRepeat(at:sequence:)``. An equality check instead of the
    /// log's lock and a hash: the keep-alive hot path. `request`'s own sequence numbers are ignored.
    ///
    /// - Returns: `nil` when it does not fold that way (or there is no previous `placement`); then
    ///   record it.
    func repeatTarget(of request: RequestRecord, handshake: TLSHandshakeRecord?, placement: Placement?)
        -> (recorder: ConnectionRecorder, index: Int)?
    {
        guard let placement, placement.keeps == keeps.load(ordering: .acquiring), let recorder = placement.recorder,
            placement.kind.handshake == handshake, Self.isSameKind(request, placement.kind.request)
        else { return nil }
        return (recorder, placement.index)
    }

    /// Whether `request` is of `kind` (a request's ``RequestRecord/kind``), without making a copy
    /// of `request` when its sequence numbers are unset (as a responder makes it).
    private static func isSameKind(_ request: RequestRecord, _ kind: RequestRecord) -> Bool {
        request.sequence == 0 && request.repeats == 0 && request.lastSequence == 0
            ? request == kind : request.kind == kind
    }
}
