import MockAuthTranscript
import NIOCore
import Synchronization

/// Collects the transcript of one scenario run while its servers serve, in bounded memory.
///
/// Each connection records into its own ``ConnectionRecorder``. Identical requests and identical
/// connections are folded into one record with a count (``RequestLog``), so a run under sustained
/// load keeps a handful of records, not millions, and every rule still sees what it needs: the
/// first request of each kind, the first of each kind after a new kind appeared (order between
/// kinds), and exact counts. The recorder's own lock is taken once per accepted connection, per
/// closed connection and per snapshot.
///
/// Whatever clients send, a server keeps at most `limit` request records and `limit` connection
/// records, those that hold its kept requests included (plus, at most, a tenth of `limit` of
/// generalized ones): past `limit` minus a tenth, counting the requests kept, a connection that kept
/// no request and is unlike any before is folded by its generalized kind (``ConnectionRecord/generalized``: the values its client
/// chose replaced), and the transcript's overflow says how many were and which values they carried
/// first and last (``FoldedConnections``). Values a client chooses are cut where they are recorded
/// (``ConnectionRecorder``, ``TranscriptLimits``).
final class TranscriptRecorder: Sendable {
    /// Records kept per server before requests and connections unlike any before are folded.
    static let defaultLimit = TranscriptLimits.recordsPerServer

    /// How many connection records a server keeps for the kinds of connection that closed.
    private struct KindCounts {
        /// Records with the client's own values.
        var own = 0
        /// Generalized records.
        var generalized = 0
    }

    private struct State {
        var nextConnectionID: UInt64 = 1
        /// Open connections, and closed ones that kept something of their own.
        var connections: [ConnectionRecorder] = []
        /// The kept connection that stands for each kind of connection that closed.
        var connectionKinds: [ConnectionRecord: ConnectionRecorder] = [:]
        /// The kind of the last connection that closed and who stands for it: a run of identical
        /// connections is folded by an equality check instead of a hash.
        var lastKind: (kind: ConnectionRecord, representative: ConnectionRecorder)?
        /// The connection records kept per server, by what they keep.
        var kindCounts: [String: KindCounts] = [:]
        /// The connections folded past the limit, per server.
        var folded: [String: FoldedConnections] = [:]
        var logs: [String: RequestLog] = [:]
        /// Connections accepted and not yet closed.
        var openCount = 0
        /// Who waits for ``openCount`` to reach zero (``waitUntilIdle(timeout:)``), by ticket.
        var idleWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Tickets whose wait ended by its time limit before the waiter was registered.
        var abandonedTickets: Set<UInt64> = []
        var nextTicket: UInt64 = 0
    }

    private let state = Mutex(State())
    let endpoints: Mutex<[EndpointRecord]> = Mutex([])
    /// Orders requests across connections and servers.
    private let sequencer = RequestSequencer()
    /// Records kept per server.
    let limit: Int

    init(limit: Int = TranscriptRecorder.defaultLimit) {
        self.limit = max(1, limit)
    }

    /// Starts recording a newly accepted connection.
    func connectionAccepted(server: String, remoteAddress: String?, usesTLS: Bool) -> ConnectionRecorder {
        let connection = connectionAccepted(log: log(for: server), remoteAddress: nil, usesTLS: usesTLS)
        connection.remoteAddressText = remoteAddress
        return connection
    }

    /// The log of `server`'s requests, made when first asked for: a listener fetches it once when
    /// it binds.
    func log(for server: String) -> RequestLog {
        state.withLock { state in
            if let log = state.logs[server] { return log }
            let log = RequestLog(server: server, limit: limit)
            state.logs[server] = log
            return log
        }
    }

    /// Starts recording a connection accepted by the server whose log is `log`, from `remoteAddress`
    /// (put in words only when a snapshot is taken).
    func connectionAccepted(log: RequestLog, remoteAddress: SocketAddress?, usesTLS: Bool) -> ConnectionRecorder {
        state.withLock { state in
            let recorder = ConnectionRecorder(
                ConnectionRecord(
                    id: state.nextConnectionID, server: log.server,
                    tls: usesTLS ? TLSHandshakeRecord(state: .inProgress) : nil),
                sequencer: sequencer, log: log, remoteAddress: remoteAddress, transcript: self)
            state.nextConnectionID += 1
            state.openCount += 1
            state.connections.append(recorder)
            return recorder
        }
    }

    /// A connection closed: a connection that kept no request of its own and is like one already
    /// kept is folded into that one, before anyone waiting for the connections to close is woken.
    func connectionClosed(_ connection: ConnectionRecorder) {
        let kind = connection.foldableKind
        let limit = limit
        let (idle, representative) = state.withLock { state in
            state.openCount -= 1
            let representative = kind.flatMap { Self.fold(connection, of: $0, into: &state, limit: limit) }
            guard state.openCount == 0 else { return ([CheckedContinuation<Void, Never>](), representative) }
            defer { state.idleWaiters = [:] }
            return (Array(state.idleWaiters.values), representative)
        }
        representative?.addConnectionRepeat()
        for waiter in idle { waiter.resume() }
    }

    /// Who stands for `connection`, of `kind`, if a connection of its kind is kept already (then
    /// `connection` leaves the transcript); else `connection` becomes the one kept for its kind.
    /// Past the server's share of `limit` for connections with their own values, `connection` is
    /// generalized first, and past the share for generalized ones, only counted.
    private static func fold(
        _ connection: ConnectionRecorder, of kind: ConnectionRecord, into state: inout State, limit: Int
    ) -> ConnectionRecorder? {
        let known: ConnectionRecorder?
        if let last = state.lastKind, last.kind == kind {
            known = last.representative
        } else {
            known = state.connectionKinds[kind]
        }
        if let known, known !== connection {
            remove(connection, from: &state)
            state.lastKind = (kind, known)
            return known
        }
        let generalizedShare = TranscriptLimits.generalizedRecords(of: limit)
        var counts = state.kindCounts[kind.server] ?? KindCounts()
        defer { state.kindCounts[kind.server] = counts }
        // The connections that keep the server's requests hold records of their own: each kept
        // request counts against the same budget (a SOCKS proxy records a refused CONNECT as a
        // request, so a flood of distinct targets would otherwise keep the limit twice over).
        let holdingRequests = state.logs[kind.server]?.keptCount ?? 0
        if counts.own + holdingRequests < limit - generalizedShare {
            counts.own += 1
            state.connectionKinds[kind] = connection
            state.lastKind = (kind, connection)
            return nil
        }
        // Past the limit: the lock order is the recorder's, then the connection's.
        let (general, values) = kind.generalized
        if let known = state.connectionKinds[general], known !== connection {
            state.folded[kind.server, default: FoldedConnections()].add(values, dropped: false)
            remove(connection, from: &state)
            return known
        }
        guard counts.generalized < generalizedShare else {
            state.folded[kind.server, default: FoldedConnections()].add(values, dropped: true)
            remove(connection, from: &state)
            return nil
        }
        counts.generalized += 1
        state.folded[kind.server, default: FoldedConnections()].add(values, dropped: false)
        connection.generalize(as: general)
        state.connectionKinds[general] = connection
        return nil
    }

    /// Takes a folded `connection` out of the transcript; it closed last, so it is looked for from
    /// the end.
    private static func remove(_ connection: ConnectionRecorder, from state: inout State) {
        if let index = state.connections.lastIndex(where: { $0 === connection }) {
            state.connections.remove(at: index)
        }
    }

    /// The transcript so far.
    func snapshot() -> Transcript {
        let (recorders, logs, folded) = state.withLock { ($0.connections, Array($0.logs.values), $0.folded) }
        // Repeats a connection holds for another's record are that record's before it is read.
        for recorder in recorders { recorder.addHeldRepeats() }
        let dropped = logs.reduce(into: [String: Int]()) { result, log in
            let count = log.droppedCount
            if count > 0 { result[log.server] = count }
        }
        let overflow =
            dropped.isEmpty && folded.isEmpty
            ? nil
            : TranscriptOverflow(
                limit: limit, droppedRequests: dropped, foldedConnections: folded.isEmpty ? nil : folded)
        return Transcript(
            endpoints: endpoints.withLock { $0 }, connections: recorders.map(\.record), overflow: overflow)
    }

    /// How many recorded connections are still open.
    var openConnectionCount: Int {
        state.withLock { $0.openCount }
    }

    /// Returns at once when no open connection is mid-exchange (a handshake, a request not yet
    /// answered); otherwise as ``waitUntilIdle(timeout:)`` does. Idle keep-alive connections, which a
    /// live client (an app, a browser) keeps open for minutes, do not hold it up.
    ///
    /// - Returns: `false` when `timeout` passed first.
    @discardableResult
    func waitUntilQuiet(timeout: Duration) async -> Bool {
        let recorders = state.withLock { $0.connections }
        guard recorders.contains(where: \.isMidExchange) else { return true }
        return await waitUntilIdle(timeout: timeout)
    }

    /// Returns when no connection is open (at once if none is), or when `timeout` has passed.
    ///
    /// Woken by the last close, not by polling.
    ///
    /// - Returns: `false` when `timeout` passed first.
    @discardableResult
    func waitUntilIdle(timeout: Duration) async -> Bool {
        let ticket = state.withLock { state in
            state.nextTicket += 1
            return state.nextTicket
        }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.idle(ticket)
                return true
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let idle = await group.next() ?? false
            group.cancelAll()
            self.abandon(ticket)
            return idle
        }
    }

    private func idle(_ ticket: UInt64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.openCount == 0 || state.abandonedTickets.remove(ticket) != nil { return true }
                state.idleWaiters[ticket] = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Ends the wait of `ticket`: resumes it if it is registered, or marks it so it never registers.
    private func abandon(_ ticket: UInt64) {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            if let waiter = state.idleWaiters.removeValue(forKey: ticket) { return waiter }
            state.abandonedTickets.insert(ticket)
            return nil
        }
        waiter?.resume()
    }
}

/// Numbers requests in arrival order across every connection of a run.
final class RequestSequencer: Sendable {
    private let counter = Atomic<UInt64>(0)

    func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}
