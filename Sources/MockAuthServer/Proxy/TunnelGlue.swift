import NIOCore

/// One end of a CONNECT tunnel: writes what its channel reads to the partner channel, closes the
/// partner when its own channel closes, and reads only while the partner can take more.
///
/// Both ends talk to each other through `Channel`'s thread-safe API, so the two connections may
/// live on different event loops.
final class TunnelGlue: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = NIOAny

    private let partner: any Channel

    /// Creates the end that forwards to `partner`.
    init(partner: any Channel) {
        self.partner = partner
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // The channel may have closed before the tunnel was glued; its partner goes with it.
        if !context.channel.isActive { partner.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner.close(promise: nil)
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            // Half-closure (when the channel allows it): pass the end of input on.
            partner.close(mode: .output, promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The partner stopped reading while this side could take no more; let it go on.
        if context.channel.isWritable { partner.read() }
        context.fireChannelWritabilityChanged()
    }

    func read(context: ChannelHandlerContext) {
        // Backpressure: read again only once the partner can write; its glue calls `read()` then.
        if partner.isWritable { context.read() }
    }
}

@available(*, unavailable)
extension TunnelGlue: Sendable {}

extension TunnelGlue {
    /// Glues `channel` to `partner` on `channel`'s event loop and starts reading it.
    static func attach(to channel: any Channel, partner: any Channel) {
        let attach: @Sendable () -> Void = {
            do {
                try channel.pipeline.syncOperations.addHandler(TunnelGlue(partner: partner))
                channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in
                    channel.close(promise: nil)
                }
            } catch {
                channel.close(promise: nil)
                partner.close(promise: nil)
            }
        }
        if channel.eventLoop.inEventLoop { attach() } else { channel.eventLoop.execute(attach) }
    }
}
