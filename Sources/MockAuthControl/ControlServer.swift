import MockAuth
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The control API's HTTP/1.1 listener: loopback by default, on its own port.
public final class ControlServer: Sendable {
    /// The largest request body accepted (`413` beyond).
    public static let maxBodyBytes = 64 * 1024
    /// How long a connection may sit idle before it is closed.
    public static let idleTimeout: TimeAmount = .seconds(60)

    /// The base URL, e.g. `http://127.0.0.1:49200/`.
    public let url: String
    private let channel: any Channel
    private let connections: OpenConnections
    /// The event loop the server made for itself, shut down with it.
    private let ownGroup: MultiThreadedEventLoopGroup?

    private init(
        url: String, channel: any Channel, connections: OpenConnections, ownGroup: MultiThreadedEventLoopGroup?
    ) {
        self.url = url
        self.channel = channel
        self.connections = connections
        self.ownGroup = ownGroup
    }

    /// Starts answering `api` on `host`:`port` (`0`: a port the system chooses).
    ///
    /// - Parameters:
    ///   - advertisedHost: the host in ``url`` when `host` is a wildcard (`0.0.0.0`, `::`) that names
    ///     no one machine: the name clients elsewhere use (default `127.0.0.1`).
    ///   - group: where the API runs; by default an event loop of its own, so that a client flooding
    ///     the scenario servers (which it may, on purpose) never delays the control API's answers.
    /// - Throws: `HarnessError` naming the address when it cannot be bound.
    public static func start(
        _ api: ControlAPI, host: String = "127.0.0.1", port: Int = 0, advertisedHost: String? = nil,
        group: (any EventLoopGroup)? = nil
    ) async throws -> ControlServer {
        let connections = OpenConnections()
        let ownGroup = group == nil ? MultiThreadedEventLoopGroup(numberOfThreads: 1) : nil
        guard let group = group ?? ownGroup else { throw HarnessError("no event loop for the control API") }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    connections.track(channel)
                    try channel.pipeline.syncOperations.addControlHandlers(api)
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: host, port: port).get()
        } catch {
            try? await ownGroup?.shutdownGracefully()
            throw HarnessError("cannot listen for the control API on \(host):\(port): \(error)")
        }
        let bound = channel.localAddress?.port ?? port
        let named = ServerAddressing.isWildcard(host) ? advertisedHost ?? "127.0.0.1" : host
        let shownHost = named.contains(":") && !named.hasPrefix("[") ? "[\(named)]" : named
        return ControlServer(
            url: "http://\(shownHost):\(bound)/", channel: channel, connections: connections, ownGroup: ownGroup)
    }

    /// Stops listening and closes the control connections still open (a kept-alive client).
    public func shutdown() async {
        try? await channel.close()
        for connection in connections.all() {
            try? await connection.close()
        }
        try? await ownGroup?.shutdownGracefully()
    }
}

/// The control connections open now, so that shutdown can close them.
private final class OpenConnections: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    func track(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { [self] _ in
            _ = channels.withLock { $0.removeValue(forKey: key) }
        }
    }

    func all() -> [any Channel] {
        channels.withLock { Array($0.values) }
    }
}

extension ChannelPipeline.SynchronousOperations {
    /// HTTP/1.1, an idle timeout, then the API (requests of at most ``ControlServer/maxBodyBytes``).
    public func addControlHandlers(_ api: ControlAPI) throws {
        try configureHTTPServerPipeline(withErrorHandling: true)
        try addHandler(IdleStateHandler(readTimeout: ControlServer.idleTimeout))
        try addHandler(ControlHTTPHandler(api: api))
    }
}
