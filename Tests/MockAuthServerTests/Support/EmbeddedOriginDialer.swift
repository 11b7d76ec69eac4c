import NIOCore
import NIOEmbedded

@testable import MockAuthServer

/// Stands in for ``OriginDialer``: records every dial and leaves it pending until the test connects
/// it (to an `EmbeddedChannel` on the proxy connection's loop, set up as a real origin connection)
/// or fails it, or connects it at once when ``connectsImmediately`` is set.
final class EmbeddedOriginDialer: OriginDialing {
    struct Dial {
        var target: ProxyTarget
        var purpose: ForwardProxyStateMachine.Purpose
        var promise: EventLoopPromise<any Channel>
        var report: (@Sendable (OriginEvent) -> Void)?
    }

    private let loop: EmbeddedEventLoop
    private(set) var dials: [Dial] = []
    /// The origin ends of the connected dials, in order.
    private(set) var origins: [EmbeddedChannel] = []
    /// Whether a dial connects before `forward` or `tunnel` returns (as it may when the origin is
    /// on the same loop), instead of waiting for ``connect()``.
    var connectsImmediately = false

    init(loop: EmbeddedEventLoop) {
        self.loop = loop
    }

    func forward(
        to target: ProxyTarget, near clientLoop: any EventLoop, report: @escaping @Sendable (OriginEvent) -> Void
    ) -> EventLoopFuture<any Channel> {
        let promise = loop.makePromise(of: (any Channel).self)
        dials.append(Dial(target: target, purpose: .forward, promise: promise, report: report))
        if connectsImmediately { _ = try? connect() }
        return promise.futureResult
    }

    func tunnel(to target: ProxyTarget, near clientLoop: any EventLoop) -> EventLoopFuture<any Channel> {
        let promise = loop.makePromise(of: (any Channel).self)
        dials.append(Dial(target: target, purpose: .tunnel, promise: promise, report: nil))
        if connectsImmediately { _ = try? connect() }
        return promise.futureResult
    }

    /// The local address the proxy's `index`th connection to an origin (from 0) is dialled from,
    /// as the proxy records it (`dialledFrom`): 127.0.0.1:40000, 127.0.0.1:40001 …
    static func localAddress(_ index: Int) throws -> SocketAddress {
        try SocketAddress(ipAddress: "127.0.0.1", port: 40_000 + index)
    }

    /// Connects the latest dial and returns the origin's end of the connection, dialled from
    /// ``localAddress(_:)`` of its position.
    func connect() throws -> EmbeddedChannel {
        guard let dial = dials.last else { throw WireError("nothing was dialled") }
        let origin = EmbeddedChannel(loop: loop)
        origin.localAddress = try Self.localAddress(origins.count)
        if let report = dial.report {
            try origin.pipeline.syncOperations.addOriginForwardingHandlers(report: report)
        }
        try origin.activate()
        origins.append(origin)
        dial.promise.succeed(origin)
        return origin
    }

    /// Fails the latest dial, as a refused connection does.
    func fail() throws {
        guard let dial = dials.last else { throw WireError("nothing was dialled") }
        dial.promise.fail(ServerError("connection refused"))
    }
}
