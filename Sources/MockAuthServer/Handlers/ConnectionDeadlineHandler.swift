import MockAuthTranscript
import NIOCore
import NIOHTTP1
import NIOTLS

/// Closes a connection whose client is too slow (``ConnectionLimits``), after recording which limit
/// passed. It sits after the HTTP decoder: a request head counts when it is complete, so a client
/// sending one header byte every few seconds is closed as surely as a silent one.
///
/// The idle keep-alive time starts when a request is complete: a scenario server answers it at once
/// (``RequestResponder`` writes the whole response in the same event-loop turn), so that is the end
/// of the response to within microseconds, and the handler needs no hop on the outbound path.
///
/// On an HTTP/2 connection (``streamsMultiplexed()``) it sits after the HTTP/2 handler: frames pass
/// through unread, a stream opens once its request head is complete, and the head limit runs while
/// no stream is open (``HTTP2StreamActivity``).
final class ConnectionDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let limits: ConnectionLimits
    private let usesTLS: Bool
    private let recorder: ConnectionRecorder
    private var started = false
    private var handshake: Scheduled<Void>?
    private var connection: Scheduled<Void>?
    /// When the next request head must be complete; `nil` while a request is being answered (or
    /// before the TLS handshake is done).
    private var headDeadline: NIODeadline?
    /// The one timer that checks ``headDeadline``. A keep-alive request only moves the deadline;
    /// the timer, when it fires early, re-arms itself for the deadline then in force. So a request
    /// costs a clock read, not a timer scheduled and cancelled.
    private var headTimer: Scheduled<Void>?
    /// Whether the connection speaks HTTP/2, and how many of its streams are open.
    private var multiplexed = false
    private var openStreams = 0

    init(limits: ConnectionLimits, usesTLS: Bool, recorder: ConnectionRecorder) {
        self.limits = limits
        self.usesTLS = usesTLS
        self.recorder = recorder
    }

    /// The connection was found to speak HTTP/2: from now on what arrives is frames, and requests
    /// come on streams. Called by ``HTTPProtocolSelector`` before the HTTP/2 handler goes in.
    func streamsMultiplexed() {
        multiplexed = true
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted = event as? TLSUserEvent {
            handshake?.cancel()
            handshake = nil
            awaitRequestHead(context: context)
        }
        if let activity = event as? HTTP2StreamActivity {
            streamActivity(activity, context: context)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !multiplexed else {
            // HTTP/2 frames of the connection itself (SETTINGS, PING …): not this handler's business.
            context.fireChannelRead(data)
            return
        }
        switch unwrapInboundIn(data) {
        case .head:
            headDeadline = nil
            context.fireChannelRead(data)
        case .body:
            context.fireChannelRead(data)
        case .end:
            context.fireChannelRead(data)
            // Answered in that call: the connection is idle until the next request head is complete.
            if context.channel.isActive { awaitRequestHead(context: context) }
        }
    }

    /// A stream opened (its request head is complete) or closed: the connection is idle, and the
    /// next head must come within the limit, while no stream is open.
    private func streamActivity(_ activity: HTTP2StreamActivity, context: ChannelHandlerContext) {
        switch activity {
        case .opened:
            openStreams += 1
            headDeadline = nil
        case .closed:
            openStreams = max(0, openStreams - 1)
            if openStreams == 0, context.channel.isActive { awaitRequestHead(context: context) }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelAll()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelAll()
    }

    private func start(context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        connection = schedule(.connection, after: limits.connection, context: context)
        if usesTLS {
            handshake = schedule(.tlsHandshake, after: limits.tlsHandshake, context: context)
        } else {
            awaitRequestHead(context: context)
        }
    }

    private func awaitRequestHead(context: ChannelHandlerContext) {
        let deadline = context.eventLoop.now + limits.requestHead
        headDeadline = deadline
        if headTimer == nil { armHeadTimer(at: deadline, context: context) }
    }

    private func armHeadTimer(at deadline: NIODeadline, context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let context = NIOLoopBound(context, eventLoop: context.eventLoop)
        headTimer = context.value.eventLoop.scheduleTask(deadline: deadline) {
            handler.value.headTimerFired(context: context.value)
        }
    }

    /// Closes the connection if the head deadline has passed; re-arms for a later one if a request
    /// moved it; does nothing while a request is being read (its end re-arms).
    private func headTimerFired(context: ChannelHandlerContext) {
        headTimer = nil
        guard let deadline = headDeadline else { return }
        guard context.eventLoop.now >= deadline else {
            armHeadTimer(at: deadline, context: context)
            return
        }
        recorder.limitExceeded(.requestHead)
        context.close(promise: nil)
    }

    private func schedule(_ limit: ConnectionLimit, after time: TimeAmount, context: ChannelHandlerContext)
        -> Scheduled<Void>
    {
        let recorder = self.recorder
        let channel = context.channel
        return context.eventLoop.scheduleTask(in: time) {
            recorder.limitExceeded(limit)
            channel.close(promise: nil)
        }
    }

    private func cancelAll() {
        for task in [handshake, headTimer, connection] { task?.cancel() }
        handshake = nil
        headTimer = nil
        headDeadline = nil
        connection = nil
    }
}

@available(*, unavailable)
extension ConnectionDeadlineHandler: Sendable {}
