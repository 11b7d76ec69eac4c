import NIOCore

/// Sits between the TLS handler and the socket and hands the server's first flight to a
/// ``ServerHelloReader``, recording whether the handshake resumed a session. Bytes pass through
/// unchanged. Once the answer is known the handler leaves the pipeline in a later event-loop turn
/// (removing it from inside its own `write` stalls NIOSSL's handshake flight), so keep-alive
/// traffic does not pass through it.
final class TLSResumptionSniffer: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let recorder: ConnectionRecorder?
    private var reader = ServerHelloReader()

    /// - Parameter recorder: the connection's record; `nil` where the listener keeps no transcript.
    init(recorder: ConnectionRecorder?) {
        self.recorder = recorder
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !reader.isDone, case .byteBuffer(let buffer) = unwrapOutboundIn(data),
            let resumed = reader.read(buffer.readableBytesView)
        {
            recorder?.handshakeResumption(resumed)
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            let pipeline = context.pipeline
            context.eventLoop.execute {
                pipeline.syncOperations.removeHandler(handler.value, promise: nil)
            }
        }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension TLSResumptionSniffer: Sendable {}
