import NIOCore
import NIOHTTP1

extension ChannelPipeline.SynchronousOperations {
    /// Assembles a forward-proxy connection (HTTP/1.1 on the client side, over TLS for an HTTPS proxy): the listener's
    /// prologue (``addConnectionPrologue(_:recorder:)``: lifetime, HTTP/1.1 with pipelining
    /// assistance, NIO's protocol error handler and the head limits, the time limits on slow
    /// clients), then ``ForwardProxyHandler``.
    ///
    /// ```swift
    /// let prologue = ConnectionPrologue.forwardProxy(limits: .default, gates: [])
    /// ServerBootstrap(group: group).childChannelInitializer { channel in
    ///     channel.eventLoop.makeCompletedFuture {
    ///         let connection = recorder.connectionAccepted(server: "proxy", remoteAddress: nil, usesTLS: false)
    ///         try channel.pipeline.syncOperations.addForwardProxyHandlers(
    ///             prologue, policy: policy, recorder: connection, group: group)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - prologue: the proxy's (``ConnectionPrologue/forwardProxy(limits:gates:tls:)``): its TLS, its time limits
    ///     (the request head, the connection; a CONNECT tunnel keeps only the connection's, what the
    ///     client sends through it being timed by the origin) and its gates.
    ///   - group: where origin connections are opened; the client connection's own event loop is
    ///     used when the group has it.
    ///   - dialer: opens the origin connections; `nil` (every served proxy) means an ``OriginDialer``
    ///     on `group`. Tests pass one that hands back `EmbeddedChannel`s (see ``OriginDialing``).
    func addForwardProxyHandlers(
        _ prologue: ConnectionPrologue, policy: ProxyPolicy, recorder: ConnectionRecorder,
        group: any EventLoopGroup, dialer: (any OriginDialing)? = nil
    ) throws {
        let deadline = try addConnectionPrologue(prologue, recorder: recorder)
        // The prologue's request decoder, which the proxy replaces after a CONNECT it refused.
        let decoder = try handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
        try addHandler(
            ForwardProxyHandler(
                policy: policy, recorder: recorder, dialer: dialer ?? OriginDialer(group: group), decoder: decoder,
                deadline: deadline))
    }

    /// Removes the HTTP response side of a proxy connection that becomes a tunnel (its limits
    /// handler stays, and lets the tunnel's bytes pass unread); the decoder goes last, once the glue
    /// is in place to take the bytes it holds.
    func removeHTTPServerHandlersForTunnel() throws {
        removeHandler(try handler(type: HTTPServerPipelineHandler.self), promise: nil)
        removeHandler(try handler(type: HTTPServerProtocolErrorHandler.self), promise: nil)
        removeHandler(try handler(type: HTTPResponseEncoder.self), promise: nil)
    }
}
