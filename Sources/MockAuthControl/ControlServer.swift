import MockAuth
import NIOCore
import NIOHTTP1
import NIOPosix

/// The control API's HTTP/1.1 listener: loopback by default, on its own port.
public final class ControlServer: Sendable {
    /// The largest request body accepted (`413` beyond).
    public static let maxBodyBytes = 64 * 1024
    /// How long a connection may sit idle before it is closed.
    public static let idleTimeout: TimeAmount = .seconds(60)

    /// The base URL, e.g. `http://127.0.0.1:49200/`.
    public let url: String
    private let channel: any Channel

    private init(url: String, channel: any Channel) {
        self.url = url
        self.channel = channel
    }

    /// Starts answering `api` on `host`:`port` (`0`: a port the system chooses).
    ///
    /// - Throws: `HarnessError` naming the address when it cannot be bound.
    public static func start(
        _ api: ControlAPI, host: String = "127.0.0.1", port: Int = 0,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> ControlServer {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addControlHandlers(api)
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: host, port: port).get()
        } catch {
            throw HarnessError("cannot listen for the control API on \(host):\(port): \(error)")
        }
        let bound = channel.localAddress?.port ?? port
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return ControlServer(url: "http://\(shownHost):\(bound)/", channel: channel)
    }

    /// Stops listening; open control connections are closed too.
    public func shutdown() async {
        try? await channel.close()
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
