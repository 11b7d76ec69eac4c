import MockAuthTranscript
import NIOCore
import NIOHTTP2

/// Asks the stream's ``HTTP2StreamResetter`` to reset the stream instead of answering: an outbound
/// user event, since the handlers behind the HTTP/1 codec speak request and response parts, not frames.
struct StreamResetRequest: Sendable, Equatable {
    var reset: StreamReset
}

/// First in an HTTP/2 stream's pipeline, before the HTTP/1 codec: turns a ``StreamResetRequest``
/// into an `RST_STREAM` frame with its error code, which closes the stream.
final class HTTP2StreamResetter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let request = event as? StreamResetRequest else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        let code = HTTP2ErrorCode(networkCode: Int(request.reset.code))
        context.writeAndFlush(wrapOutboundOut(.rstStream(code)), promise: promise)
    }
}

@available(*, unavailable)
extension HTTP2StreamResetter: Sendable {}
