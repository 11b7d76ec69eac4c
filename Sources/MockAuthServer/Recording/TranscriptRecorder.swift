import MockAuthTranscript
import Synchronization

/// Collects the transcript of one scenario run while its servers serve.
///
/// Each connection records into its own ``ConnectionRecorder``, so connections never contend;
/// the recorder's own lock is taken once per accepted connection and per snapshot.
final class TranscriptRecorder: Sendable {
    private struct State {
        var nextConnectionID: UInt64 = 1
        var connections: [ConnectionRecorder] = []
    }

    private let state = Mutex(State())
    let endpoints: Mutex<[EndpointRecord]> = Mutex([])
    /// Orders requests across connections and servers.
    private let sequencer = RequestSequencer()

    /// Starts recording a newly accepted connection.
    func connectionAccepted(server: String, remoteAddress: String?, usesTLS: Bool) -> ConnectionRecorder {
        state.withLock { state in
            let recorder = ConnectionRecorder(
                ConnectionRecord(
                    id: state.nextConnectionID, server: server, remoteAddress: remoteAddress,
                    tls: usesTLS ? TLSHandshakeRecord(outcome: .inProgress) : nil),
                sequencer: sequencer)
            state.nextConnectionID += 1
            state.connections.append(recorder)
            return recorder
        }
    }

    /// The transcript so far.
    func snapshot() -> Transcript {
        let recorders = state.withLock { $0.connections }
        return Transcript(endpoints: endpoints.withLock { $0 }, connections: recorders.map(\.record))
    }

    /// How many recorded connections are still open.
    var openConnectionCount: Int {
        state.withLock { $0.connections }.filter { !$0.isClosed }.count
    }
}

/// The record of one connection, written from its event loop, read by snapshots.
final class ConnectionRecorder: Sendable {
    private let state: Mutex<ConnectionRecord>
    private let sequencer: RequestSequencer

    /// The connection's id; it never changes, so reading it takes no lock.
    let id: UInt64

    init(_ record: ConnectionRecord, sequencer: RequestSequencer) {
        id = record.id
        state = Mutex(record)
        self.sequencer = sequencer
    }

    /// Whether the connection has closed, without copying the record.
    var isClosed: Bool { state.withLock { $0.closed } }

    var record: ConnectionRecord { state.withLock { $0 } }

    /// Records how the handshake ended. An alert the client sent in plaintext (noted by
    /// ``clientSentAlert(_:)``) wins over what the TLS library reported.
    func handshakeEnded(_ handshake: TLSHandshakeRecord) {
        state.withLock { record in
            let sniffedAlert = record.tls?.alert
            record.tls = handshake
            if handshake.outcome != .completed, let sniffedAlert { record.tls?.alert = sniffedAlert }
        }
    }

    /// Notes an alert the client sent before the handshake ended.
    func clientSentAlert(_ alert: String) {
        state.withLock { record in
            guard record.tls?.outcome == .inProgress else { return }
            record.tls?.alert = alert
        }
    }

    /// Marks the connection closed; a handshake still in progress becomes failed (when the client
    /// sent an alert) or abandoned.
    func closed() {
        state.withLock { record in
            record.closed = true
            if var tls = record.tls, tls.outcome == .inProgress {
                tls.outcome = tls.alert == nil ? .abandoned : .failed
                record.tls = tls
            }
        }
    }

    /// Records a request, giving it its place in the run; returns its index for ``answered(_:status:)``.
    @discardableResult
    func requestReceived(_ request: RequestRecord) -> Int {
        var request = request
        request.sequence = sequencer.next()
        return state.withLock { record in
            record.requests.append(request)
            return record.requests.count - 1
        }
    }

    /// Adds what the authentication made of request `index`'s credentials.
    func attach(_ auth: AuthRecord, to index: Int) {
        state.withLock { record in
            guard record.requests.indices.contains(index) else { return }
            record.requests[index].auth = auth
        }
    }

    func answered(_ index: Int, status: Int) {
        state.withLock { record in
            guard record.requests.indices.contains(index) else { return }
            record.requests[index].responseStatus = status
        }
    }
}

/// Numbers requests in arrival order across every connection of a run.
final class RequestSequencer: Sendable {
    private let counter = Atomic<UInt64>(0)

    func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}
