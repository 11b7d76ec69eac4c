import MockAuthTranscript
import NIOCore
import NIOHTTP1

/// The client side of a forward-proxy connection: records each request, asks the policy about its
/// `Proxy-Authorization`, feeds ``ForwardProxyStateMachine`` and performs what it returns.
final class ForwardProxyHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let policy: ProxyPolicy
    private let recorder: ConnectionRecorder
    private let dialer: any OriginDialing
    private var machine: ForwardProxyStateMachine
    /// The request decoder in front of this handler; replaced after a CONNECT or Upgrade request.
    private var decoder: ByteToMessageHandler<HTTPRequestDecoder>
    /// The connection's limits handler, told when the connection becomes a tunnel.
    private let deadline: ConnectionLimitsHandler
    /// The context, between `handlerAdded` and `handlerRemoved`: origin events arrive outside
    /// channel callbacks.
    private var context: ChannelHandlerContext?
    /// The origin connection of the exchange in flight.
    private var origin: (any Channel)?

    /// Creates the handler; `decoder` is the request decoder and `deadline` the limits handler
    /// already in the pipeline (the connection's prologue).
    init(
        policy: ProxyPolicy, recorder: ConnectionRecorder, dialer: any OriginDialing,
        decoder: ByteToMessageHandler<HTTPRequestDecoder>, deadline: ConnectionLimitsHandler
    ) {
        self.policy = policy
        self.recorder = recorder
        self.dialer = dialer
        self.decoder = decoder
        self.deadline = deadline
        self.machine = ForwardProxyStateMachine(allowedTargets: policy.allowedTargets, aliases: policy.aliases)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Bytes that arrive behind an answer that closed the connection are not read.
        guard !machine.isClosed else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            // A head over the limits never gets here: the prologue answered it 431.
            recorder.requestStarted(
                RequestRecord(method: head.method.rawValue, target: head.uri, headers: head.headers.recorded))
            let authorization = policy.authorize(
                ProxyAuthorizationRequest(
                    method: head.method.rawValue, target: head.uri,
                    proxyAuthorization: head.headers["Proxy-Authorization"], connectionID: recorder.id))
            if let record = authorization.record { recorder.attachToStartedRequest(record) }
            run(
                machine.requestHead(
                    head, authorization: authorization.decision,
                    closesAfterChallenge: authorization.closesConnection))
        case .body(let buffer):
            run(machine.requestBody(buffer))
        case .end:
            run(machine.requestEnd())
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        run(machine.clientClosed())
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // NIO's protocol error handler has answered a parser error with 400; either way this
        // connection is done. Other connections are not affected.
        if error is HTTPParserError { recorder.protocolErrorCaught("HTTP parser: \(error)") }
        context.close(promise: nil)
    }

    // MARK: Origin events

    private func originConnected(_ result: Result<any Channel, any Error>, exchange: UInt64) {
        switch result {
        case .success(let channel):
            let action = machine.originConnected(exchange: exchange)
            guard action != .closeOrigin else {
                channel.close(promise: nil)
                return
            }
            origin = channel
            recorder.originDialled(from: channel.localAddress)
            run(action)
        case .failure:
            run(machine.originFailed(exchange: exchange))
        }
    }

    private func originReported(_ event: OriginEvent, exchange: UInt64) {
        switch event {
        case .response(let part): run(machine.originResponse(part, exchange: exchange))
        case .closed: run(machine.originClosed(exchange: exchange))
        }
    }

    /// A reporter for the origin connection of `exchange`, callable from the origin's event loop.
    private func originReporter(exchange: UInt64, loop: any EventLoop) -> @Sendable (OriginEvent) -> Void {
        let handler = NIOLoopBound(self, eventLoop: loop)
        return { event in
            if loop.inEventLoop {
                handler.value.originReported(event, exchange: exchange)
            } else {
                loop.execute { handler.value.originReported(event, exchange: exchange) }
            }
        }
    }

    // MARK: Run actions

    private func run(_ action: ForwardProxyStateMachine.Action?) {
        guard let action, let context else { return }
        switch action {
        case .answer(let head, let body, let then):
            closeOrigin()
            recorder.startedRequestAnswered(status: Int(head.status.code), closingConnection: then == .close)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            if let body { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil) }
            complete(then, written: context.writeAndFlush(wrapOutboundOut(.end(nil))), context: context)
        case .dial(let target, let exchange, let purpose):
            dial(target, exchange: exchange, purpose: purpose, context: context)
        case .sendRequest(let head, let body, let end):
            origin?.write(HTTPClientRequestPart.head(head), promise: nil)
            for buffer in body { origin?.write(HTTPClientRequestPart.body(.byteBuffer(buffer)), promise: nil) }
            if end { origin?.write(HTTPClientRequestPart.end(nil), promise: nil) }
            origin?.flush()
        case .sendBody(let buffer):
            origin?.writeAndFlush(HTTPClientRequestPart.body(.byteBuffer(buffer)), promise: nil)
        case .sendEnd:
            origin?.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        case .relayHead(let head):
            // `Connection: close` on the relayed head: the client connection ends with this response.
            recorder.startedRequestAnswered(status: Int(head.status.code), closingConnection: !head.isKeepAlive)
            context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        case .relayBody(let buffer):
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        case .relayEnd(let then):
            closeOrigin()
            complete(then, written: context.writeAndFlush(wrapOutboundOut(.end(nil))), context: context)
        case .establishTunnel(let headers):
            establishTunnel(headers: headers, context: context)
        case .resetDecoder:
            resetDecoder(context: context)
        case .closeOrigin:
            closeOrigin()
        case .closeClient:
            closeOrigin()
            context.close(promise: nil)
        }
    }

    /// Closes the client connection once `written` completes, or prepares for the next request.
    private func complete(
        _ continuation: ForwardProxyStateMachine.Continuation, written: EventLoopFuture<Void>,
        context: ChannelHandlerContext
    ) {
        switch continuation {
        case .readNextRequest, .awaitRequestEnd:
            break
        case .resetDecoder:
            resetDecoder(context: context)
        case .close:
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    private func dial(
        _ target: ProxyTarget, exchange: UInt64, purpose: ForwardProxyStateMachine.Purpose,
        context: ChannelHandlerContext
    ) {
        let loop = context.eventLoop
        let connected =
            switch purpose {
            case .forward:
                dialer.forward(to: target, near: loop, report: originReporter(exchange: exchange, loop: loop))
            case .tunnel:
                dialer.tunnel(to: target, near: loop)
            }
        connected.hop(to: loop).assumeIsolated().whenComplete { result in
            self.originConnected(result, exchange: exchange)
        }
    }

    private func closeOrigin() {
        origin?.close(promise: nil)
        origin = nil
    }

    // MARK: Pipeline changes

    /// Gives the connection a fresh request decoder: NIO's stops parsing after a CONNECT or
    /// Upgrade request, and this connection goes on with HTTP (e.g. after a 407 to CONNECT).
    /// Bytes the old decoder holds go to the new one.
    private func resetDecoder(context: ChannelHandlerContext) {
        let fresh = ByteToMessageHandler(RequestHeadLimits.forwardProxyDecoder())
        do {
            try context.pipeline.syncOperations.addHandler(fresh, position: .after(decoder))
            context.pipeline.syncOperations.removeHandler(decoder, promise: nil)
            decoder = fresh
        } catch {
            context.close(promise: nil)
        }
    }

    /// Answers `200 Connection Established`, removes HTTP from this connection and glues it to
    /// the origin. Bytes the client sent after the CONNECT head go to the origin.
    private func establishTunnel(headers: HTTPHeaders, context: ChannelHandlerContext) {
        guard let origin else {
            context.close(promise: nil)
            return
        }
        self.origin = nil
        // Removing the decoder passes the bytes it holds on (to the glue, once this handler is gone).
        context.handOverToTunnel(
            to: origin, deadline: deadline,
            answer: {
                try context.pipeline.syncOperations.removeHTTPServerHandlersForTunnel()
                context.writeAndFlush(NIOAny(ByteBuffer(string: Self.connectionEstablished(headers))), promise: nil)
                recorder.startedRequestAnswered(status: 200)
            }, removing: [decoder, self])
    }

    /// The raw response to an established CONNECT: no framing headers, no body.
    static func connectionEstablished(_ headers: HTTPHeaders) -> String {
        var response = "HTTP/1.1 200 Connection Established\r\n"
        for (name, value) in headers { response += "\(name): \(value)\r\n" }
        return response + "\r\n"
    }
}

@available(*, unavailable)
extension ForwardProxyHandler: Sendable {}
