import NIOCore

/// In front of NIOSOCKS' handshake handler on a SOCKS5 proxy connection: hands it the client's
/// messages one at a time, each once the proxy has answered the one before, whether the client
/// waited for the answers or sent everything at once (``SOCKSPipelinedInput`` decides, this
/// handler does it). ``SOCKSProxyHandler`` says when it has answered (``answered(next:context:)``)
/// and when the tunnel is up (``tunnelEstablished()``); removed then, it hands what the client
/// sent after its CONNECT to the tunnel. A client that sends more than
/// ``SOCKSPipelinedInput/mostHeld`` bytes before it is answered is recorded and closed.
final class SOCKSPipeliningHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let recorder: ConnectionRecorder
    private var input = SOCKSPipelinedInput()

    init(recorder: ConnectionRecorder) {
        self.recorder = recorder
    }

    /// How many of the client's bytes are held now.
    var heldCount: Int { input.heldCount }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        perform(input.received(unwrapInboundIn(data)), context: context)
    }

    /// The proxy answered the message it was handed and reads `next` now: hands on what of it the
    /// client has already sent. `context` is any context of the connection's pipeline.
    func answered(next: SOCKSMessage, context: ChannelHandlerContext) {
        guard context.channel.isActive,
            let own = try? context.pipeline.syncOperations.context(handler: self)
        else { return }
        perform(input.answered(next: next), context: own)
    }

    /// The CONNECT succeeded: once removed, this handler hands the bytes sent after it on.
    func tunnelEstablished() {
        input.tunnelEstablished()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // Only into a tunnel: when the connection closes during the handshake, what the client sent
        // after the message the proxy refused (or never answered) is not acted on.
        if let early = input.bytesForTunnel() { context.fireChannelRead(wrapInboundOut(early)) }
    }

    private func perform(_ action: SOCKSPipelinedInput.Action, context: ChannelHandlerContext) {
        switch action {
        case .hold:
            return
        case .pass(let bytes):
            context.fireChannelRead(wrapInboundOut(bytes))
        case .refuse(let why):
            recorder.protocolErrorCaught(why)
            context.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension SOCKSPipeliningHandler: Sendable {}
