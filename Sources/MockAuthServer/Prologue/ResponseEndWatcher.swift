import NIOCore
import NIOHTTP1

/// Tells a connection's ``ConnectionDeadlineHandler`` when a response's end is written, on a
/// listener that answers later (``ConnectionPrologue/Answering/later``: a proxy relaying its origin,
/// the control API waiting for a run), so that the idle time before the next head starts then.
/// Right after the deadline handler in the prologue; a listener that answers at once has none, and
/// its responses pass no handler of the prologue on their way out.
///
/// Once the connection is a CONNECT tunnel, what passes is bytes: it is passed on unread.
final class ResponseEndWatcher: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let deadline: ConnectionDeadlineHandler

    init(deadline: ConnectionDeadlineHandler) {
        self.deadline = deadline
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if deadline.readsHTTP1, case .end = unwrapOutboundIn(data) { deadline.responseEnded() }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension ResponseEndWatcher: Sendable {}
