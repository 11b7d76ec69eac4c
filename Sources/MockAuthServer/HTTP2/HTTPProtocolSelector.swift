import NIOCore
import NIOTLS

/// First after TLS on a connection of an HTTP/2-capable server: finds out whether the client speaks
/// HTTP/1.1 or HTTP/2, puts that protocol's handlers in place before the connection's
/// ``ConnectionLimitsHandler``, and leaves the pipeline.
///
/// Over TLS the client's ALPN choice decides, when the handshake completes (``ServedProtocol/init(alpn:)``);
/// in plain HTTP the first bytes do: the HTTP/2 preface means prior knowledge, anything else HTTP/1.1
/// (``ConnectionPreface``). Bytes that arrive before the decision are held and passed on to the
/// chosen protocol's handlers. On a server of HTTP/2 alone, a handshake that did not choose `h2`
/// ends the connection: the transcript says so (``ConnectionRecorder/requiredProtocolNotChosen(_:)``),
/// and the client gets no answer, as from gRPC servers and HTTP/2-only front ends.
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
    /// Whether HTTP/1.1 is served when the client chooses it (`false`: HTTP/2 alone).
    private let allowsHTTP1: Bool
    private let deadline: ConnectionLimitsHandler
    private let behavior: ServerBehavior
    private let recorder: ConnectionRecorder
    private var held: ByteBuffer?
    private var selected = false
    /// The client did not choose HTTP/2 on a server of HTTP/2 alone: the connection is closing,
    /// and nothing more it sends is read.
    private var refused = false

    init(
        detection: Detection, allowsHTTP1: Bool = true, deadline: ConnectionLimitsHandler,
        behavior: ServerBehavior, recorder: ConnectionRecorder
    ) {
        self.detection = detection
        self.allowsHTTP1 = allowsHTTP1
        self.deadline = deadline
        self.behavior = behavior
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
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
        if selected, !refused { context.fireChannelReadComplete() }
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

    /// Adds `served`'s handlers, passes on `event` (the handshake's end, which the limits handler
    /// waits for) and the held bytes, and leaves.
    private func select(_ served: ServedProtocol, context: ChannelHandlerContext, event: Any?) {
        selected = true
        if served == .http1, !allowsHTTP1 {
            refused = true
            held = nil
            recorder.requiredProtocolNotChosen("h2")
            context.close(promise: nil)
            return
        }
        do {
            let pipeline = context.pipeline.syncOperations
            switch served {
            case .http1:
                try pipeline.addHTTP1Handlers(around: deadline, behavior: behavior, recorder: recorder)
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
