import MockAuthTranscript
import NIOCore
import NIOHTTP1
import NIOTLS

/// Holds a connection to its listener's limits: closes it when its client is too slow, after
/// recording which limit passed (the ``ConnectionDeadlines`` of the connection, carried out with one
/// timer), and refuses a request head over ``RequestHeadLimits`` with 431 before the listener sees
/// it (``RequestHeadGuard``). And it is where the connection ends (``ConnectionLifetime``): when
/// the channel goes inactive, its record is closed and the gates forget it, before the event goes
/// on to the listener's handlers. Part of every listener's prologue
/// (``ChannelPipeline/SynchronousOperations/addConnectionPrologue(_:recorder:)``), it sits right
/// after the HTTP decoder and before NIO's protocol error handler: a request head counts when it
/// is complete, so a client sending one header byte every few seconds is closed as surely as a
/// silent one; the same holds for a request's body, from its head to its end
/// (``ConnectionLimits/requestBody``); and a head the parser stopped reading at the total head
/// limit reaches it before the error handler would answer it 400.
///
/// The two kinds of limit and the connection's end are one handler because every request part
/// passes it: each handler a request passes costs its parts a hop and an unwrap, and its responses
/// a hop on the way out.
///
/// The idle time before the next head starts when the response is complete. A listener that answers
/// in the event-loop turn in which the request ends (a scenario server,
/// ``ConnectionPrologue/Answering/atOnce``) has written it when the request's end has passed through
/// here, and its responses pass this handler by (it is inbound only); for one that answers later (a
/// proxy relaying its origin, the control API), a ``ResponseEndWatcher`` after it tells it when a
/// response's end is written.
///
/// One timer serves every time limit: it is scheduled for the earliest deadline in force, and when
/// it fires before a deadline that has moved (a keep-alive request moves the head deadline), it
/// looks again at the deadline then in force. So a connection schedules one timer when it is
/// accepted and cancels it when it closes; keep-alive requests schedule none. The clock is read
/// once per read: the parts that arrive together arrived at the same time.
///
/// On an HTTP/2 connection (``streamsMultiplexed()``) it sits after the HTTP/2 handler: frames pass
/// through unread, the head limit runs while no stream is open (``HTTP2StreamActivity``), and each
/// stream has its own head limits (``RequestHeadLimitHandler``). On a CONNECT tunnel
/// (``tunnelEstablished()``) bytes pass through unread, and only the connection limit applies.
final class ConnectionLimitsHandler: ChannelInboundHandler, RemovableChannelHandler, NIOScheduledCallbackHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let limits: ConnectionLimits
    /// The request-head limits, on the HTTP/1.1 parts that pass.
    private var heads: RequestHeadGuard
    /// What the connection's end does (also done by the prologue when the pipeline cannot be made).
    let lifetime: ConnectionLifetime
    private let usesTLS: Bool
    /// Whether the responses are watched for their end (the listener answers later:
    /// ``ResponseEndWatcher``).
    let watchesResponses: Bool
    private let recorder: ConnectionRecorder?
    /// Whether the listener reads bytes, not HTTP (a SOCKS5 proxy): nothing is unwrapped, and the
    /// head limit runs until ``tunnelEstablished()``.
    private let readsBytes: Bool
    /// The limits in force; `nil` until the connection is active.
    private var deadlines: ConnectionDeadlines?
    /// The connection's context, between `handlerAdded` and `handlerRemoved`: the timer fires
    /// outside channel callbacks.
    private var context: ChannelHandlerContext?
    /// The one timer, and when it fires.
    private var timer: (callback: NIOScheduledCallback, at: NIODeadline)?
    /// Set once a limit closed the connection: the parser's complaint that a head or body was cut
    /// off is then the server's doing, no protocol error of the client's.
    private var closedByLimit = false
    /// The time of the read under way, once a part of it needed the clock (``now(_:)``).
    private var readTime: NIODeadline?

    /// - Parameters:
    ///   - answering: when the listener answers a request (``ConnectionPrologue/Answering``).
    ///   - recorder: where the limit that closed the connection is recorded, and the record closed
    ///     when it ends; `nil` for a listener that keeps no transcript (the control API).
    ///   - gates: the authentication gates that forget the connection when it ends.
    ///   - readsBytes: the listener reads bytes, not HTTP (``ConnectionPrologue/Codec/bytes``).
    ///   - wording: how the listener words a refusal (431 for a head over the limits).
    init(
        limits: ConnectionLimits, usesTLS: Bool, answering: ConnectionPrologue.Answering,
        recorder: ConnectionRecorder?, gates: [AuthGate] = [], readsBytes: Bool = false,
        wording: RefusalWording = .text
    ) {
        self.readsBytes = readsBytes
        lifetime = ConnectionLifetime(recorder: recorder, gates: gates)
        heads = RequestHeadGuard(wording: wording, recorder: recorder)
        self.limits = limits
        self.usesTLS = usesTLS
        switch answering {
        case .atOnce: watchesResponses = false
        case .later: watchesResponses = true
        }
        self.recorder = recorder
    }

    /// Whether the HTTP parts of a request pass through this handler (neither HTTP/2 nor a tunnel).
    var readsHTTP1: Bool {
        guard !readsBytes else { return false }
        switch deadlines?.phase {
        case .handshake, .awaitingHead, .exchange, nil: return true
        case .multiplexed, .tunnel: return false
        }
    }

    /// The connection was found to speak HTTP/2: from now on what arrives is frames, and requests
    /// come on streams. Called by ``HTTPProtocolSelector`` before the HTTP/2 handler goes in.
    func streamsMultiplexed() {
        deadlines?.streamsMultiplexed()
    }

    /// The connection became a CONNECT tunnel: bytes pass through unread from now on, and only the
    /// connection limit applies (the origin's listener times what the client sends it). Called by
    /// ``ForwardProxyHandler`` before it writes `200 Connection Established`.
    func tunnelEstablished() {
        deadlines?.tunnelEstablished()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        lifetime.ended()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let activity = event as? HTTP2StreamActivity {
            switch activity {
            case .opened: deadlines?.streamOpened()
            case .closed: deadlines?.streamClosed(now: context.eventLoop.now)
            }
            rearmIfSooner(context: context)
            return
        }
        if case .handshakeCompleted = event as? TLSUserEvent {
            deadlines?.handshakeCompleted(now: context.eventLoop.now)
            rearmIfSooner(context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if closedByLimit, error is HTTPParserError { return }
        if heads.refusesParserError(error, context: context) { return }
        context.fireErrorCaught(error)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard readsHTTP1 else {
            // HTTP/2 frames of the connection itself, or tunnelled bytes: not this handler's business.
            context.fireChannelRead(data)
            return
        }
        // After a refused head the connection is closing: nothing more of it is read.
        guard !heads.hasRefused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard heads.admits(head, context: context) else { return }
            deadlines?.requestHeadReceived(now: now(context))
            // Sooner only when the body limit is shorter than the idle time the timer was set for.
            rearmIfSooner(context: context)
            context.fireChannelRead(data)
        case .body:
            context.fireChannelRead(data)
        case .end:
            heads.requestEnded()
            let now = now(context)
            deadlines?.requestEnded(now: now)
            context.fireChannelRead(data)
            // A listener that answers at once has written its response by the time this returns.
            if !watchesResponses { deadlines?.responseEnded(now: now) }
            rearmIfSooner(context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        readTime = nil
        context.fireChannelReadComplete()
    }

    /// The time of the read under way: the clock, read once for all the parts that arrived together.
    private func now(_ context: ChannelHandlerContext) -> NIODeadline {
        if let readTime { return readTime }
        let now = context.eventLoop.now
        readTime = now
        return now
    }

    /// A response's end was written, on a listener that answers later (told by its
    /// ``ResponseEndWatcher``).
    func responseEnded() {
        guard let context else { return }
        deadlines?.responseEnded(now: context.eventLoop.now)
        rearmIfSooner(context: context)
    }

    // MARK: The timer

    private func start(context: ChannelHandlerContext) {
        guard deadlines == nil else { return }
        let deadlines = ConnectionDeadlines(limits: limits, usesTLS: usesTLS, now: context.eventLoop.now)
        self.deadlines = deadlines
        arm(at: deadlines.nextCheck, context: context)
    }

    /// Schedules the timer earlier when the next deadline now comes before it; a later deadline is
    /// found when the timer fires.
    private func rearmIfSooner(context: ChannelHandlerContext) {
        // The times only: a copy of the timer would retain its callback.
        guard let next = deadlines?.nextCheck, let at = timer?.at, next < at else { return }
        cancelTimer()
        arm(at: next, context: context)
    }

    private func arm(at deadline: NIODeadline, context: ChannelHandlerContext) {
        do {
            let callback = try context.eventLoop.assumeIsolated().scheduleCallback(at: deadline, handler: self)
            timer = (callback, deadline)
        } catch {
            // The event loop is shutting down, and the connection with it.
            timer = nil
        }
    }

    private func cancelTimer() {
        timer?.callback.cancel()
        timer = nil
    }

    func handleScheduledCallback(eventLoop: some EventLoop) {
        timer = nil
        guard let context, let deadlines, context.channel.isActive else { return }
        switch deadlines.check(now: eventLoop.now) {
        case .close(let limit):
            recorder?.limitExceeded(limit)
            closedByLimit = true
            context.close(promise: nil)
        case .wait(let until):
            arm(at: until, context: context)
        }
    }
}

@available(*, unavailable)
extension ConnectionLimitsHandler: Sendable {}
