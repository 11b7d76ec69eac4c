import NIOCore

/// Sits between the TLS handler and the socket and hands the server's first flight to a
/// ``ServerHelloReader``, recording whether the handshake resumed a session. Bytes pass through
/// unchanged; once the answer is known the handler only passes them on (it stays in the pipeline:
/// removing an outbound handler from inside its own `write` stalls NIOSSL's handshake flight).
final class TLSResumptionSniffer: ChannelOutboundHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let recorder: ConnectionRecorder
    private var reader = ServerHelloReader()

    init(recorder: ConnectionRecorder) {
        self.recorder = recorder
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !reader.isDone, case .byteBuffer(let buffer) = unwrapOutboundIn(data),
            let resumed = reader.read(buffer.readableBytesView)
        {
            recorder.handshakeResumption(resumed)
        }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension TLSResumptionSniffer: Sendable {}
