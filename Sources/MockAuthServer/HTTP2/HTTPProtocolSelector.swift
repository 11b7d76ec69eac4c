import NIOCore
import NIOTLS

/// First after TLS on a connection of an HTTP/2-capable server: finds out whether the client speaks
/// HTTP/1.1 or HTTP/2, puts that protocol's handlers in place before the connection's
/// ``ConnectionDeadlineHandler``, and leaves the pipeline.
///
/// Over TLS the client's ALPN choice decides, when the handshake completes (``ServedProtocol/init(alpn:)``);
/// in plain HTTP the first bytes do: the HTTP/2 preface means prior knowledge, anything else HTTP/1.1
/// (``ConnectionPreface``). Bytes that arrive before the decision are held and passed on to the
/// chosen protocol's handlers.
final class HTTPProtocolSelector: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// How the protocol is found.
    enum Detection {
        /// From TLS's ALPN.
        case alpn
        /// From the first bytes of a cleartext connection.
        case preface
    }

    private let detection: Detection
    private let deadline: ConnectionDeadlineHandler
    private let behavior: ServerBehavior
    private let recorder: ConnectionRecorder
    private var held: ByteBuffer?
    private var selected = false

    init(
        detection: Detection, deadline: ConnectionDeadlineHandler, behavior: ServerBehavior,
        recorder: ConnectionRecorder
    ) {
        self.detection = detection
        self.deadline = deadline
        self.behavior = behavior
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        guard !selected else {
            context.fireChannelRead(data)
            return
        }
        if held == nil {
            held = bytes
        } else {
            held?.writeBuffer(&bytes)
        }
        guard detection == .preface, let held, let served = ConnectionPreface.classify(held) else { return }
        select(served, context: context, event: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Until the protocol is known, the reads are held here: there is nothing to complete.
        if selected { context.fireChannelReadComplete() }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if detection == .alpn, !selected, case .handshakeCompleted(let negotiated) = event as? TLSUserEvent {
            select(ServedProtocol(alpn: negotiated), context: context, event: event)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        // Closed before saying which protocol: the bytes held are dropped with the connection.
        held = nil
        context.fireChannelInactive()
    }

    /// Adds `served`'s handlers, passes on `event` (the handshake's end, which the deadline handler
    /// waits for) and the held bytes, and leaves.
    private func select(_ served: ServedProtocol, context: ChannelHandlerContext, event: Any?) {
        selected = true
        do {
            let pipeline = context.pipeline.syncOperations
            switch served {
            case .http1:
                try pipeline.addHTTP1Handlers(before: deadline, behavior: behavior, recorder: recorder)
            case .http2:
                deadline.streamsMultiplexed()
                try pipeline.addHTTP2Handlers(
                    before: deadline, eventLoop: context.eventLoop, behavior: behavior, recorder: recorder)
            }
        } catch {
            recorder.protocolErrorCaught("cannot set up \(served == .http2 ? "HTTP/2" : "HTTP/1.1"): \(error)")
            context.close(promise: nil)
            return
        }
        if let event { context.fireUserInboundEventTriggered(event) }
        if let bytes = held {
            held = nil
            context.fireChannelRead(wrapInboundOut(bytes))
            context.fireChannelReadComplete()
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

@available(*, unavailable)
extension HTTPProtocolSelector: Sendable {}
