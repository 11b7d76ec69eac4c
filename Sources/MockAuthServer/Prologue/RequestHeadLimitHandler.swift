import NIOCore
import NIOHTTP1

/// The head limits (``RequestHeadGuard``) on an HTTP/2 stream of a scenario server, right after
/// the stream's HTTP/1 codec (``ChannelPipeline/SynchronousOperations/addScenarioStreamHandlers(behavior:recorder:)``):
/// a stream over them gets its 431 and ends, and the connection goes on. An HTTP/1.1 connection's
/// head limits are its ``ConnectionLimitsHandler``'s.
final class RequestHeadLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private var heads: RequestHeadGuard

    init(wording: RefusalWording, recorder: ConnectionRecorder?) {
        heads = RequestHeadGuard(wording: wording, recorder: recorder)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !heads.hasRefused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard heads.admits(head, context: context) else { return }
        case .body:
            break
        case .end:
            heads.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if heads.refusesParserError(error, context: context) { return }
        context.fireErrorCaught(error)
    }
}

@available(*, unavailable)
extension RequestHeadLimitHandler: Sendable {}
