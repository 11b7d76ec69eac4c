import NIOCore
import NIOHTTP1

/// Sits at the end of an origin connection's pipeline and reports the response and the close to
/// the client connection, possibly on another event loop.
final class OriginResponseRelay: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let report: @Sendable (OriginEvent) -> Void

    /// Creates a relay that calls `report` for every event, on this connection's event loop.
    init(report: @escaping @Sendable (OriginEvent) -> Void) {
        self.report = report
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        report(.response(unwrapInboundIn(data)))
    }

    func channelInactive(context: ChannelHandlerContext) {
        report(.closed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A broken origin response: closing reports it (as `.closed`) to the client side.
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension OriginResponseRelay: Sendable {}
