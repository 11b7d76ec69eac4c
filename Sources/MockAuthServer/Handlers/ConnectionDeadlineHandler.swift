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

    init(limits: ConnectionLimits, usesTLS: Bool, recorder: ConnectionRecorder) {
        self.limits = limits
        self.usesTLS = usesTLS
        self.recorder = recorder
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
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
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
