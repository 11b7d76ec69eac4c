import MockAuthTranscript
import NIOCore

/// A connection's time limits as a value: fed the connection's events and the clock by
/// ``ConnectionLimitsHandler``, it says when the one timer of the connection should next look
/// (``nextCheck``) and, when it does, whether a limit has passed (``check(now:)``).
///
/// The idle time before a request head starts when the connection is ready (accepted, or its TLS
/// handshake done) and again when an exchange is over: the request read to its end *and* its
/// response written to its end, in whichever order they come, so a listener that answers later
/// (a proxy relaying an origin, the control API) is never cut off mid-answer by the head limit.
/// From a request's head to its end, the body limit runs (a stalled or dribbled body); once the
/// request has ended, only the connection limit bounds the wait for its answer.
/// While HTTP/2 streams are open, or once a CONNECT tunnel carries the connection, only the
/// connection limit applies.
struct ConnectionDeadlines: Equatable {
    /// What the connection is doing, as far as the limits care.
    enum Phase: Equatable {
        /// Waiting for the TLS handshake to complete.
        case handshake
        /// Waiting for a complete request head.
        case awaitingHead
        /// A request head arrived: its body or its answer is under way. `requestEnded` once the
        /// request has been read to its end (until then the body limit runs), `answered` once its
        /// response has been written to its end.
        case exchange(requestEnded: Bool, answered: Bool)
        /// HTTP/2: frames, with `openStreams` streams open.
        case multiplexed(openStreams: Int)
        /// A CONNECT tunnel: bytes both ways, unread.
        case tunnel
    }

    /// What the timer finds.
    enum Check: Equatable {
        /// `limit` has passed: record it and close the connection.
        case close(ConnectionLimit)
        /// Nothing has passed: look again at this time.
        case wait(until: NIODeadline)
    }

    private let limits: ConnectionLimits
    /// When the connection's own limit passes.
    private let connectionEnds: NIODeadline
    /// When the limit of the current phase passes (the handshake's, the request head's or the
    /// request body's), if one runs.
    private var phaseEnds: NIODeadline?
    private(set) var phase: Phase
    /// The client chose HTTP/2 (by ALPN, before its handshake was over, or by its preface).
    private var multiplexes = false

    /// A connection ready to be served at `now`; with `usesTLS`, its handshake comes first.
    init(limits: ConnectionLimits, usesTLS: Bool, now: NIODeadline) {
        self.limits = limits
        connectionEnds = now + limits.connection
        phase = usesTLS ? .handshake : .awaitingHead
        phaseEnds = now + (usesTLS ? limits.tlsHandshake : limits.requestHead)
    }

    /// The earliest deadline in force: when the timer should look next.
    var nextCheck: NIODeadline {
        guard let phaseEnds else { return connectionEnds }
        return min(phaseEnds, connectionEnds)
    }

    /// The limit that has passed at `now` (the earlier one if both have), or when to look again.
    func check(now: NIODeadline) -> Check {
        if let phaseEnds, phaseEnds <= connectionEnds, now >= phaseEnds { return .close(phaseLimit) }
        // A phase deadline after the connection's is never reached first.
        if now >= connectionEnds { return .close(.connection) }
        return .wait(until: nextCheck)
    }

    /// The limit of the current phase.
    private var phaseLimit: ConnectionLimit {
        switch phase {
        case .handshake: .tlsHandshake
        case .exchange: .requestBody
        case .awaitingHead, .multiplexed, .tunnel: .requestHead
        }
    }

    /// The TLS handshake completed: a request head must follow in time.
    mutating func handshakeCompleted(now: NIODeadline) {
        guard case .handshake = phase else { return }
        awaitHead(now: now)
        if multiplexes { phase = .multiplexed(openStreams: 0) }
    }

    /// A request head is complete at `now`: its body must follow within the body limit.
    mutating func requestHeadReceived(now: NIODeadline) {
        switch phase {
        case .awaitingHead, .exchange:
            phase = .exchange(requestEnded: false, answered: false)
            phaseEnds = now + limits.requestBody
        case .handshake, .multiplexed, .tunnel:
            break
        }
    }

    /// The request has been read to its end: no body limit while its answer is awaited.
    mutating func requestEnded(now: NIODeadline) {
        guard case .exchange(_, let answered) = phase else { return }
        if answered {
            awaitHead(now: now)
        } else {
            phase = .exchange(requestEnded: true, answered: false)
            phaseEnds = nil
        }
    }

    /// The response has been written to its end.
    mutating func responseEnded(now: NIODeadline) {
        guard case .exchange(let requestEnded, _) = phase else { return }
        if requestEnded {
            awaitHead(now: now)
        } else {
            phase = .exchange(requestEnded: false, answered: true)
        }
    }

    /// The connection speaks HTTP/2 from now on (no stream is open yet): chosen by ALPN while the
    /// handshake ends, or by the client's preface while its first head is awaited.
    mutating func streamsMultiplexed() {
        multiplexes = true
        switch phase {
        case .handshake, .tunnel, .multiplexed:
            break
        case .awaitingHead, .exchange:
            phase = .multiplexed(openStreams: 0)
        }
    }

    /// An HTTP/2 stream opened (its request head is complete): no head limit while one is open.
    mutating func streamOpened() {
        guard case .multiplexed(let open) = phase else { return }
        phase = .multiplexed(openStreams: open + 1)
        phaseEnds = nil
    }

    /// An HTTP/2 stream closed: once none is open, the next head must come in time.
    mutating func streamClosed(now: NIODeadline) {
        guard case .multiplexed(let open) = phase else { return }
        let remaining = max(0, open - 1)
        phase = .multiplexed(openStreams: remaining)
        if remaining == 0 { phaseEnds = now + limits.requestHead }
    }

    /// The connection became a CONNECT tunnel: what the client sends is the origin's to judge (its
    /// own listener's limits); only the connection limit still applies here.
    mutating func tunnelEstablished() {
        phase = .tunnel
        phaseEnds = nil
    }

    private mutating func awaitHead(now: NIODeadline) {
        phase = .awaitingHead
        phaseEnds = now + limits.requestHead
    }
}
