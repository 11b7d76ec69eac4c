import MockAuth
import MockAuthServer
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The control API's HTTP/1.1 listener: loopback by default, on its own port.
public final class ControlServer: Sendable {
    /// The largest request body accepted (`413` beyond).
    package static let maxBodyBytes = 64 * 1024
    /// How long a connection could sit idle before it was closed, before control connections were
    /// held to the servers' limits (``start(_:host:port:advertisedHost:group:limits:)``): an idle
    /// connection is now closed after the request-head limit.
    @available(*, deprecated, message: "control connections are held to ConnectionLimits.requestHead")
    package static let idleTimeout: TimeAmount = .seconds(60)

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
    ///   - limits: the time limits of every control connection, the same as the scenario servers'
    ///     (`serve`'s `--request-head-timeout`, `--request-body-timeout` and `--connection-timeout`):
    ///     a stalled or idle connection is closed after the request-head limit, a stalled body after
    ///     the request-body limit.
    /// - Throws: `HarnessError` naming the address when it cannot be bound.
    public static func start(
        _ api: ControlAPI, host: String = "127.0.0.1", port: Int = 0, advertisedHost: String? = nil,
        group: (any EventLoopGroup)? = nil, limits: ConnectionLimits = .default
    ) async throws -> ControlServer {
        let connections = OpenConnections()
        let role = ControlListener(
            api: api, prologue: .plain(limits: limits, wording: .controlAPI), connections: connections)
        let ownGroup = group == nil ? MultiThreadedEventLoopGroup(numberOfThreads: 1) : nil
        guard let group = group ?? ownGroup else { throw HarnessError("no event loop for the control API") }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: ConnectionPrologue.listenBacklog)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try role.accept(channel) }
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

/// The control API's listener (``ListenerRole``): each connection is tracked (closed on shutdown),
/// then gets the prologue every served connection starts with and the API.
private struct ControlListener: ListenerRole {
    let api: ControlAPI
    let prologue: ConnectionPrologue
    let connections: OpenConnections

    func accept(_ channel: any Channel) throws {
        connections.track(channel)
        try channel.pipeline.syncOperations.addControlHandlers(api, prologue: prologue)
    }
}

extension ChannelPipeline.SynchronousOperations {
    /// The control API's connection: the prologue every served connection starts with (time limits
    /// on slow clients, head limits with a JSON 431, HTTP/1.1), then the API (requests of at most
    /// ``ControlServer/maxBodyBytes``).
    package func addControlHandlers(_ api: ControlAPI, limits: ConnectionLimits = .default) throws {
        try addControlHandlers(api, prologue: .plain(limits: limits, wording: .controlAPI))
    }

    /// ``addControlHandlers(_:limits:)`` with the listener's prologue, made once when it binds.
    func addControlHandlers(_ api: ControlAPI, prologue: ConnectionPrologue) throws {
        try addConnectionPrologue(prologue)
        try addHandler(ControlHTTPHandler(api: api))
    }
}

extension RefusalWording {
    /// The control API's error body (`{"error": "…"}`, as every 4xx it answers), not cached.
    static let controlAPI = RefusalWording(contentType: "application/json", headers: [("Cache-Control", "no-store")]) {
        message in
        String(decoding: ControlAPI.error(ControlFailure(.requestHeaderFieldsTooLarge, message)).body, as: UTF8.self)
    }
}
