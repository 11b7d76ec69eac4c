import NIOCore

/// Sits after the handler under test and notes what it passed on: user events, errors (which it
/// swallows, so that they do not reach the channel) and `channelInactive`.
final class InboundEventLog: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    private(set) var events: [String] = []
    private(set) var errors: [String] = []
    private(set) var inactiveCount = 0

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        events.append(String(describing: event))
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        errors.append(String(describing: error))
    }

    func channelInactive(context: ChannelHandlerContext) {
        inactiveCount += 1
        context.fireChannelInactive()
    }
}

@available(*, unavailable)
extension InboundEventLog: Sendable {}
