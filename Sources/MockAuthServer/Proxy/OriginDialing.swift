import NIOCore

/// How the forward proxy opens its connections to origins.
///
/// ``OriginDialer`` opens TCP connections, and is what every served proxy uses. The protocol is a
/// seam for tests only: an `EmbeddedEventLoop` cannot open sockets, so the handler tests substitute
/// a dialer that hands back `EmbeddedChannel`s (set up with `addOriginForwardingHandlers(report:)`
/// like a real origin connection) and drive ``ForwardProxyHandler``'s forwarding and tunnelling
/// byte by byte, without a socket or a sleep, the way swift-certificates' tests replace `OCSPRequester`.
protocol OriginDialing {
    /// Connects to `target` for a forwarded request: a channel that encodes the request, decodes the
    /// response and reports it through `report` (``OriginResponseRelay``).
    func forward(
        to target: ProxyTarget, near clientLoop: any EventLoop, report: @escaping @Sendable (OriginEvent) -> Void
    ) -> EventLoopFuture<any Channel>

    /// Connects to `target` for a tunnel: a bare byte channel that reads nothing until
    /// ``TunnelGlue/attach(to:partner:)`` glues it to the client.
    func tunnel(to target: ProxyTarget, near clientLoop: any EventLoop) -> EventLoopFuture<any Channel>
}
