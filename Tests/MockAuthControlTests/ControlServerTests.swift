import MockAuth
import MockAuthTestSupport
import NIOCore
import NIOPosix
import Testing

@testable import MockAuthControl

/// The control API's listener on a real loopback socket.
@Suite("Control API listener")
struct ControlServerTests {
    static func start(host: String = "127.0.0.1", advertisedHost: String? = nil) async throws -> ControlServer {
        let registry = RunRegistry(catalog: [], maxLiveRuns: 1) { scenario in try await ScenarioRun.start(scenario) }
        return try await ControlServer.start(
            ControlAPI(token: .testToken, registry: registry), host: host, advertisedHost: advertisedHost)
    }

    @Test("shutdown closes a kept-alive control connection too, not only the listener")
    func shutdownClosesConnections() async throws {
        let server = try await Self.start()
        let port = try #require(server.url.split(separator: ":").last.flatMap { Int($0.filter(\.isNumber)) })
        let group = MultiThreadedEventLoopGroup.singleton
        let answered = group.next().makePromise(of: Void.self)
        let client = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FirstRead(answered))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        // The connection is accepted and kept alive (a request on it is answered) before the server stops.
        try await client.writeAndFlush(
            ByteBuffer(
                string:
                    "GET /v1/scenarios HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(ControlToken.testToken.secret)\r\n\r\n"
            ))
        try await answered.futureResult.get()
        #expect(client.isActive)
        await server.shutdown()
        try await client.closeFuture.get()
        #expect(!client.isActive)
    }

    @Test("the URL names the bound address, or the advertised host for a wildcard", .bindable("127.0.0.2"))
    func advertisedURL() async throws {
        let plain = try await Self.start()
        #expect(plain.url.hasPrefix("http://127.0.0.1:"))
        await plain.shutdown()
        let loopback = try await Self.start(host: "127.0.0.2", advertisedHost: "ignored.test")
        #expect(loopback.url.hasPrefix("http://127.0.0.2:"), "a concrete address is the URL's host")
        await loopback.shutdown()
    }
}

/// Completes a promise when the first bytes arrive.
private final class FirstRead: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let promise: EventLoopPromise<Void>

    init(_ promise: EventLoopPromise<Void>) { self.promise = promise }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        promise.succeed()
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(ChannelError.eof)
        context.fireChannelInactive()
    }
}
