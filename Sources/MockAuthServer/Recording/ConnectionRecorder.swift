import MockAuthTranscript
import NIOCore
import Synchronization

/// The record of one connection, written from its event loop, read by snapshots.
///
/// Every value a client chose is cut to ``TranscriptLimits`` here, as it is recorded (a SOCKS
/// username or target, a method, a request target, a header field, a certificate's names), so that
/// the handlers that report them need not.
final class ConnectionRecorder: Sendable {
    private struct State {
        var record: ConnectionRecord
        /// A request whose answer is not known yet (the proxy records the head first).
        var pending: RequestRecord?
        /// Where the last answered request went in the log (``RequestLog/repeatTarget(of:handshake:placement:)``).
        var lastPlacement: RequestLog.Placement?
        /// ``lastPlacement``'s target, for ``requestRepeated(_:placed:)``.
        var lastTarget = RequestLog.Target.none
        /// Repeats folded into ``lastTarget`` on another connection's record, not yet added to it
        /// (``addHeldRepeats()``).
        var heldRepeats: HeldRepeats?
        /// Counts the changes of ``lastPlacement`` and of the record's handshake: a caller's
        /// ``Placed`` is current while it is unchanged.
        var placements = Placed(count: 0)
    }

    /// Repeats of a request kept in another connection's record, counted in this connection's own
    /// state and added to that record together (``addHeldRepeats()``): before this connection's
    /// next request that is not such a repeat, when it closes, and when a snapshot is taken. So a
    /// keep-alive repeat takes only its own connection's lock, and connections on several event
    /// loops that repeat the same request do not contend for the record that keeps it (its lock,
    /// and its reference count, which a weak reference's load would change).
    struct HeldRepeats {
        /// The connection whose record keeps the request; strong while repeats are held: a
        /// connection that kept a request stays in the transcript.
        let recorder: ConnectionRecorder
        let index: Int
        var count: Int
        /// The sequence number of the last repeat held.
        var lastSequence: UInt64
    }

    /// What ``requestAnswered(_:)`` and ``requestRepeated(_:placed:)`` return: the state of the
    /// connection's last placement then. While it is current, the connection's last placement is
    /// where that request went, made with the handshake record the connection has.
    struct Placed: Equatable {
        fileprivate var count: UInt64
    }

    private let state: Mutex<State>
    private let sequencer: RequestSequencer
    private let log: RequestLog
    /// The run's recorder, told when the connection closes (it folds the connection into an
    /// identical one); weak, and no closure, so that a connection costs no allocation for it.
    private weak let transcript: TranscriptRecorder?
    /// The client's address, put in words when the record is read (``record``).
    private let remoteAddress: SocketAddress?

    /// The connection's id; it never changes, so reading it takes no lock.
    let id: UInt64

    init(
        _ record: ConnectionRecord, sequencer: RequestSequencer, log: RequestLog, remoteAddress: SocketAddress? = nil,
        transcript: TranscriptRecorder? = nil
    ) {
        id = record.id
        state = Mutex(State(record: record))
        self.sequencer = sequencer
        self.log = log
        self.remoteAddress = remoteAddress
        self.transcript = transcript
    }

    /// The client's address in words (`127.0.0.1:51234`), for a record made without a
    /// `SocketAddress`.
    var remoteAddressText: String? {
        get { state.withLock { $0.record.remoteAddress } }
        set { state.withLock { $0.record.remoteAddress = newValue } }
    }

    /// Whether the connection has closed, without copying the record.
    var isClosed: Bool { state.withLock { $0.record.closed } }

    /// Whether the connection is open with an exchange under way: its TLS handshake, or a request
    /// the server has not answered yet. An idle keep-alive connection is not.
    var isMidExchange: Bool {
        state.withLock { state in
            !state.record.closed && (state.pending != nil || state.record.tls?.state == .inProgress)
        }
    }

    /// The record, with a request still waiting for its answer at the end.
    var record: ConnectionRecord {
        var record = state.withLock { state in
            var record = state.record
            if let pending = state.pending { record.requests.append(pending) }
            return record
        }
        if record.remoteAddress == nil { record.remoteAddress = remoteAddress?.loopbackDescription }
        return record
    }

    /// The record's kind when the connection closed and kept no request of its own: then an
    /// identical connection kept before may stand for it.
    var foldableKind: ConnectionRecord? {
        state.withLock { state in
            state.record.closed && state.record.requests.isEmpty && state.pending == nil ? state.record.kind : nil
        }
    }

    // MARK: TLS

    /// The handshake as recorded so far.
    private var handshake: TLSHandshakeRecord? { state.withLock { $0.record.tls } }

    /// Records how the handshake ended. An alert the client sent in plaintext (noted by
    /// ``clientSentAlert(_:)``) wins over what the TLS library reported, and a request line sent
    /// in plain text (``clientSentPlainHTTP(method:)``) is kept. Once the connection has
    /// closed, ``closed()`` has settled the handshake, and a report after it changes nothing:
    /// `abandoned` stays `abandoned`. (``TLSTranscriptHandler`` reports no error of a channel gone
    /// inactive, such as NIOSSL's "EOF during handshake", which comes before the close is recorded.)
    func handshakeEnded(_ handshake: TLSHandshakeRecord) {
        state.withLock { state in
            guard !state.record.closed else { return }
            let sniffedAlert = state.record.tls?.alert
            let sniffedResumption = state.record.tls?.resumed
            let sniffedMethod = state.record.tls?.plainHTTPMethod
            state.record.tls = handshake.withinTranscriptLimits
            if handshake.state != .completed, let sniffedAlert { state.record.tls?.alert = sniffedAlert }
            if handshake.resumed == nil { state.record.tls?.resumed = sniffedResumption }
            if handshake.plainHTTPMethod == nil { state.record.tls?.plainHTTPMethod = sniffedMethod }
            state.placements.count += 1
        }
    }

    /// The server's hello showed whether the handshake resumed a session.
    func handshakeResumption(_ resumed: Bool) {
        state.withLock { state in
            state.record.tls?.resumed = resumed
            state.placements.count += 1
        }
    }

    /// Notes the local address of a connection the proxy opened to an origin for this client
    /// connection (``ConnectionRecord/dialledFrom``), the first ``TranscriptLimits/dialledAddresses``.
    func originDialled(from address: SocketAddress?) {
        // The form the origin's recorder gives its client's address (``remoteAddress``).
        guard let address = address?.loopbackDescription else { return }
        state.withLock { state in
            guard (state.record.dialledFrom?.count ?? 0) < TranscriptLimits.dialledAddresses else { return }
            state.record.dialledFrom = (state.record.dialledFrom ?? []) + [address]
            state.placements.count += 1
        }
    }

    /// Notes that the handshake completed without choosing `name` by ALPN, the only protocol the
    /// server speaks: the server closes the connection unanswered.
    func requiredProtocolNotChosen(_ name: String) {
        state.withLock { state in
            guard state.record.tls?.state == .completed else { return }
            state.record.tls?.missingProtocol = name
            state.placements.count += 1
        }
    }

    /// Notes an HTTP request line (its method only) the client sent in plain text where the
    /// handshake was expected.
    func clientSentPlainHTTP(method: String) {
        state.withLock { state in
            guard state.record.tls?.state == .inProgress else { return }
            state.record.tls?.plainHTTPMethod = method.cut(toBytes: TranscriptLimits.valueBytes)
            state.placements.count += 1
        }
    }

    /// Notes an alert the client sent before the handshake ended.
    func clientSentAlert(_ alert: String) {
        state.withLock { state in
            guard state.record.tls?.state == .inProgress else { return }
            state.record.tls?.alert = alert.cut(toBytes: TranscriptLimits.valueBytes)
            state.placements.count += 1
        }
    }

    // MARK: Requests

    /// Records a request that has been answered (its status, authentication and redirect known).
    ///
    /// A repeat of the connection's previous request is folded where that one went, looked at in
    /// place under the connection's lock (``RequestLog/repeatTarget(of:handshake:placement:)``): nothing
    /// is copied out but the representative, and the log's lock is not taken.
    ///
    /// - Returns: the connection's placement after it, for ``requestRepeated(_:placed:)``.
    @discardableResult
    func requestAnswered(_ answered: RequestRecord) -> Placed {
        // The held repeats are ``lastTarget``'s, which this request may change.
        addHeldRepeats()
        var request = answered.withinTranscriptLimits
        let target: (recorder: ConnectionRecorder, index: Int)?
        let handshake: TLSHandshakeRecord?
        let placed: Placed
        (target, handshake, placed) = state.withLock { state in
            if let target = log.repeatTarget(of: request, handshake: state.record.tls, placement: state.lastPlacement) {
                return (target, nil, state.placements)
            }
            return (nil, state.record.tls, state.placements)
        }
        let sequence = sequencer.next()
        if let target {
            target.recorder.addRepeat(at: target.index, sequence: sequence)
            return placed
        }
        request.sequence = sequence
        request.lastSequence = sequence
        let placement = log.record(request, from: self, handshake: handshake)
        return state.withLock { state in
            // The handshake record changed meanwhile: the placement was made with the one before.
            guard state.placements == placed else {
                state.lastPlacement = nil
                state.lastTarget = .none
                return state.placements
            }
            state.lastPlacement = placement
            state.lastTarget = placement?.target ?? .none
            state.placements.count += 1
            return state.placements
        }
    }

    /// Records `request`, the same request, byte for byte and with the same answer and
    /// authentication, as the one whose ``requestAnswered(_:)`` (or ``requestRepeated(_:placed:)``)
    /// returned `placed`: while `placed` is current, it is folded where that one went with no
    /// comparison (the keep-alive hot path); otherwise it is recorded as ``requestAnswered(_:)``
    /// records it.
    ///
    /// - Returns: the connection's placement after it.
    func requestRepeated(_ request: RequestRecord, placed: Placed) -> Placed {
        repeatFolded(placed: placed) ?? requestAnswered(request)
    }

    /// ``requestRepeated(_:placed:)`` without the request at hand: folds a repeat of the request
    /// whose recording returned `placed` where that one went, while `placed` is current.
    ///
    /// - Returns: the connection's placement after it; `nil` when `placed` is no longer current,
    ///   and nothing was recorded: then record the request with ``requestAnswered(_:)``.
    ///
    /// A repeat folded into another connection's record is held here (``HeldRepeats``) until
    /// ``addHeldRepeats()``; one folded into this connection's own record is counted in place.
    func repeatFolded(placed: Placed) -> Placed? {
        let folded = state.withLock { state in
            guard state.placements == placed, state.lastTarget.isCurrent(in: log) else { return false }
            if state.heldRepeats != nil {
                state.heldRepeats?.count += 1
                state.heldRepeats?.lastSequence = sequencer.next()
                return true
            }
            guard let (recorder, index) = state.lastTarget.resolve(in: log) else { return false }
            let sequence = sequencer.next()
            guard recorder !== self else {
                state.record.addRepeats(at: index, count: 1, lastSequence: sequence)
                return true
            }
            state.heldRepeats = HeldRepeats(recorder: recorder, index: index, count: 1, lastSequence: sequence)
            return true
        }
        return folded ? placed : nil
    }

    /// Adds the repeats held for another connection's record (``HeldRepeats``) to it. Called
    /// before a request that may change where repeats go, when the connection closes, and by a
    /// snapshot; the two locks are taken one after the other, never one inside the other.
    func addHeldRepeats() {
        let held: HeldRepeats? = state.withLock { state in
            defer { state.heldRepeats = nil }
            return state.heldRepeats
        }
        guard let held else { return }
        held.recorder.state.withLock { state in
            state.record.addRepeats(at: held.index, count: held.count, lastSequence: held.lastSequence)
        }
    }

    /// Starts recording a request whose answer comes later (the proxy).
    func requestStarted(_ request: RequestRecord) {
        var request = request.withinTranscriptLimits
        request.sequence = sequencer.next()
        request.lastSequence = request.sequence
        let unfinished = state.withLock { state in
            defer { state.pending = request }
            return state.pending
        }
        if let unfinished { log.record(unfinished, from: self, handshake: handshake) }
    }

    /// Adds what the authentication made of the started request's credentials.
    func attachToStartedRequest(_ auth: AuthRecord) {
        let auth = auth.withinTranscriptLimits
        state.withLock { $0.pending?.auth = auth }
    }

    /// The started request was answered with `status`: it is recorded. `closingConnection`: the
    /// server closes the connection once the answer is written (``RequestRecord/closedConnection``).
    /// `held`: the server held the answer back while others arrived, so the answer's own place in
    /// the run is recorded too (``RequestRecord/answerSequence``).
    func startedRequestAnswered(status: Int, closingConnection: Bool = false, held: Bool = false) {
        let finished: RequestRecord? = state.withLock { state in
            defer { state.pending = nil }
            state.pending?.responseStatus = status
            if closingConnection { state.pending?.closedConnection = true }
            if held, state.pending != nil { state.pending?.answerSequence = sequencer.next() }
            return state.pending
        }
        if let finished { log.record(finished, from: self, handshake: handshake) }
    }

    /// Appends a kept request (called by the ``RequestLog``); returns its index.
    func append(_ request: RequestRecord) -> Int {
        state.withLock { state in
            state.record.requests.append(request)
            return state.record.requests.count - 1
        }
    }

    /// Counts an identical request (the one numbered `sequence`) folded into request `index`.
    func addRepeat(at index: Int, sequence: UInt64) {
        state.withLock { $0.record.addRepeats(at: index, count: 1, lastSequence: sequence) }
    }

    /// Replaces what the client chose in the record with the generalized kind's values
    /// (``ConnectionRecord/generalized``): the recorder folds connections unlike any before into
    /// this one.
    func generalize(as kind: ConnectionRecord) {
        state.withLock { state in
            state.record.socks = kind.socks
            state.record.tls = kind.tls
        }
    }

    /// Counts an identical connection folded into this one.
    func addConnectionRepeat() {
        state.withLock { $0.record.repeats += 1 }
    }

    // MARK: SOCKS

    /// Updates the connection's SOCKS5 negotiation (a SOCKS proxy's connections only).
    func socks(_ update: (inout SOCKSRecord) -> Void) {
        state.withLock { state in
            var record = state.record.socks ?? SOCKSRecord()
            update(&record)
            state.record.socks = record.withinTranscriptLimits
        }
    }

    // MARK: Lifetime

    /// The server is closing the connection because `limit` passed.
    func limitExceeded(_ limit: ConnectionLimit) {
        state.withLock { state in
            if state.record.closedByLimit == nil { state.record.closedByLimit = limit }
        }
    }

    /// The HTTP parser refused what the client sent (`error`, in the parser's words).
    func protocolErrorCaught(_ error: String) {
        state.withLock { state in
            if state.record.protocolError == nil {
                state.record.protocolError = error.cut(toBytes: TranscriptLimits.valueBytes)
            }
        }
    }

    /// Marks the connection closed: a request still waiting for its answer is recorded unanswered; a
    /// handshake still in progress becomes failed (when the client sent an alert) or abandoned.
    func closed() {
        let (alreadyClosed, unfinished): (Bool, RequestRecord?) = state.withLock { state in
            if state.record.closed { return (true, nil) }
            state.record.closed = true
            if var tls = state.record.tls, tls.state == .inProgress {
                tls.state = tls.alert == nil ? .abandoned : .failed
                state.record.tls = tls
                state.placements.count += 1
            }
            defer { state.pending = nil }
            return (false, state.pending)
        }
        guard !alreadyClosed else { return }
        if let unfinished { log.record(unfinished, from: self, handshake: handshake) }
        addHeldRepeats()
        transcript?.connectionClosed(self)
    }
}

extension ConnectionRecord {
    /// Counts `count` identical requests folded into request `index`, the last numbered `lastSequence`.
    fileprivate mutating func addRepeats(at index: Int, count: Int, lastSequence: UInt64) {
        guard requests.indices.contains(index) else { return }
        requests[index].repeats += count
        requests[index].lastSequence = max(requests[index].lastSequence, lastSequence)
    }
}
