import NIOCore
import NIOHTTP1

extension ChannelPipeline.SynchronousOperations {
    /// Assembles a forward-proxy connection (plain HTTP/1.1 on the client side): its lifetime handler, HTTP/1.1 with pipelining assistance and NIO's protocol error handler (bad input
    /// gets a 400 and only that connection closes), then ``ForwardProxyHandler``.
    ///
    /// ```swift
    /// ServerBootstrap(group: group).childChannelInitializer { channel in
    ///     channel.eventLoop.makeCompletedFuture {
    ///         let connection = recorder.connectionAccepted(server: "proxy", remoteAddress: nil, usesTLS: false)
    ///         try channel.pipeline.syncOperations.addForwardProxyHandlers(
    ///             policy: policy, recorder: connection, group: group, gates: [])
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - group: where origin connections are opened; the client connection's own event loop is
    ///     used when the group has it.
    ///   - dialer: opens the origin connections; `nil` (every served proxy) means an ``OriginDialer``
    ///     on `group`. Tests pass one that hands back `EmbeddedChannel`s (see ``OriginDialing``).
    func addForwardProxyHandlers(
        policy: ProxyPolicy, recorder: ConnectionRecorder, group: any EventLoopGroup, gates: [AuthGate],
        dialer: (any OriginDialing)? = nil
    ) throws {
        // `.forwardBytes`: bytes a client sends right after a CONNECT head reach the tunnel.
        let decoder = ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes))
        try addHandler(ConnectionLifetimeHandler(recorder: recorder, gates: gates))
        try addHandler(decoder)
        try addHandler(HTTPResponseEncoder())
        try addHandler(HTTPServerPipelineHandler())
        try addHandler(HTTPServerProtocolErrorHandler())
        try addHandler(
            ForwardProxyHandler(
                policy: policy, recorder: recorder, dialer: dialer ?? OriginDialer(group: group), decoder: decoder))
    }

    /// Removes the HTTP response side of a proxy connection that becomes a tunnel; the decoder
    /// goes last, once the glue is in place to take the bytes it holds.
    func removeHTTPServerHandlersForTunnel() throws {
        removeHandler(try handler(type: HTTPServerPipelineHandler.self), promise: nil)
        removeHandler(try handler(type: HTTPServerProtocolErrorHandler.self), promise: nil)
        removeHandler(try handler(type: HTTPResponseEncoder.self), promise: nil)
    }
}
