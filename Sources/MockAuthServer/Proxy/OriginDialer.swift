import MockAuthPKI
import NIOCore
import NIOHTTP1
import NIOPosix

/// Opens the proxy's TCP connections to origins.
///
/// A connection is opened on the client connection's own event loop when `group` has it (the
/// usual case: the proxy listens on the same group), so the two sides never cross threads.
struct OriginDialer: OriginDialing, Sendable {
    /// Where origin connections live.
    let group: any EventLoopGroup
    /// How long a dial may take before the client gets 502.
    var connectTimeout: TimeAmount = .seconds(5)

    /// Connects to `target` for a forwarded request: HTTP/1.1 client handlers and a relay that
    /// calls `report` with the response, on the origin connection's event loop.
    func forward(
        to target: ProxyTarget, near clientLoop: any EventLoop, report: @escaping @Sendable (OriginEvent) -> Void
    ) -> EventLoopFuture<any Channel> {
        guard let bootstrap = bootstrap(near: clientLoop) else { return noBootstrap(on: clientLoop) }
        return
            bootstrap
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addOriginForwardingHandlers(report: report)
                }
            }
            .connect(host: target.host, port: target.port)
    }

    /// Connects to `target` for a tunnel: a bare TCP connection that reads nothing until
    /// ``TunnelGlue/attach(to:partner:)`` glues it to the client.
    func tunnel(to target: ProxyTarget, near clientLoop: any EventLoop) -> EventLoopFuture<any Channel> {
        guard let bootstrap = bootstrap(near: clientLoop) else { return noBootstrap(on: clientLoop) }
        return
            bootstrap
            .channelOption(ChannelOptions.autoRead, value: false)
            .connect(host: target.host, port: target.port)
    }

    /// A bootstrap on `clientLoop` when `group` has it, else on the group's next loop; `nil` when
    /// that loop cannot open sockets (an `EmbeddedEventLoop`).
    private func bootstrap(near clientLoop: any EventLoop) -> ClientBootstrap? {
        let sameLoop = group.makeIterator().contains { $0 === clientLoop }
        return ClientBootstrap(validatingGroup: sameLoop ? clientLoop : group.next())?
            .connectTimeout(connectTimeout)
            .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
    }

    /// The failure a dial reports when there is no bootstrap: the client gets 502.
    private func noBootstrap(on loop: any EventLoop) -> EventLoopFuture<any Channel> {
        loop.makeFailedFuture(ServerError("the proxy's event loop group cannot open TCP connections"))
    }
}

extension ChannelPipeline.SynchronousOperations {
    /// Assembles an origin connection of a forwarded request: HTTP/1.1 client handlers, then a
    /// relay that calls `report` with the response and the close.
    func addOriginForwardingHandlers(report: @escaping @Sendable (OriginEvent) -> Void) throws {
        try addHTTPClientHandlers()
        try addHandler(OriginResponseRelay(report: report))
    }
}
