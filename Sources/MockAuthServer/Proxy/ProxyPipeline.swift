import NIOCore
import NIOHTTP1

extension ChannelPipeline.SynchronousOperations {
    /// Assembles a forward-proxy connection (plain HTTP/1.1 on the client side): the listener's
    /// prologue (``addConnectionPrologue(_:recorder:)``: lifetime, HTTP/1.1 with pipelining
    /// assistance, NIO's protocol error handler and the head limits, the time limits on slow
    /// clients), then ``ForwardProxyHandler``.
    ///
    /// ```swift
    /// ServerBootstrap(group: group).childChannelInitializer { channel in
    ///     channel.eventLoop.makeCompletedFuture {
    ///         let connection = recorder.connectionAccepted(server: "proxy", remoteAddress: nil, usesTLS: false)
    ///         try channel.pipeline.syncOperations.addForwardProxyHandlers(
    ///             policy: policy, recorder: connection, group: group, gates: [], limits: .default)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - group: where origin connections are opened; the client connection's own event loop is
    ///     used when the group has it.
    ///   - limits: the proxy's time limits (the request head, the connection; a CONNECT tunnel keeps
    ///     only the connection's, what the client sends through it being timed by the origin).
    ///   - dialer: opens the origin connections; `nil` (every served proxy) means an ``OriginDialer``
    ///     on `group`. Tests pass one that hands back `EmbeddedChannel`s (see ``OriginDialing``).
    func addForwardProxyHandlers(
        policy: ProxyPolicy, recorder: ConnectionRecorder, group: any EventLoopGroup, gates: [AuthGate],
        limits: ConnectionLimits, dialer: (any OriginDialing)? = nil
    ) throws {
        // `.forwardBytes`: bytes a client sends right after a CONNECT head reach the tunnel.
        let decoder = ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes))
        let deadline = try addConnectionPrologue(
            ConnectionPrologue(limits: limits, gates: gates, codec: .forwardProxy(decoder: decoder)),
            recorder: recorder)
        try addHandler(
            ForwardProxyHandler(
                policy: policy, recorder: recorder, dialer: dialer ?? OriginDialer(group: group), decoder: decoder,
                deadline: deadline))
    }

    /// Removes the HTTP response side and the head limits of a proxy connection that becomes a
    /// tunnel; the decoder goes last, once the glue is in place to take the bytes it holds.
    func removeHTTPServerHandlersForTunnel() throws {
        removeHandler(try handler(type: HTTPServerPipelineHandler.self), promise: nil)
        removeHandler(try handler(type: HTTPServerProtocolErrorHandler.self), promise: nil)
        removeHandler(try handler(type: HTTPResponseEncoder.self), promise: nil)
        removeHandler(try handler(type: RequestHeadLimitHandler.self), promise: nil)
    }
}
