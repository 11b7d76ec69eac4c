import NIOCore
import NIOHTTP1

/// Tells a connection's ``ConnectionLimitsHandler`` when a response's end is written, on a
/// listener that answers later (``ConnectionPrologue/Answering/later``: a proxy relaying its origin,
/// the control API waiting for a run), so that the idle time before the next head starts then.
/// Last in the prologue, after NIO's protocol error handler; a listener that answers at once has
/// none.
///
/// Once the connection is a CONNECT tunnel, what passes is bytes: it is passed on unread.
final class ResponseEndWatcher: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let deadline: ConnectionLimitsHandler

    init(deadline: ConnectionLimitsHandler) {
        self.deadline = deadline
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if deadline.readsHTTP1, case .end = unwrapOutboundIn(data) { deadline.responseEnded() }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension ResponseEndWatcher: Sendable {}
