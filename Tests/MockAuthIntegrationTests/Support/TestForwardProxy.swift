import Foundation
import MockAuthTranscript
import NIOCore
import NIOPosix

@testable import MockAuthServer

/// A forward proxy for the tests: 127.0.0.1 on an ephemeral port, recording into its own
/// transcript (server `proxy`), accepting exactly `Proxy-Authorization: Basic proxyuser:proxypass`
/// and challenging `Basic realm="proxy"` otherwise.
final class TestForwardProxy: Sendable {
    static let user = "proxyuser:proxypass"
    static let credentials = "Basic " + Data(user.utf8).base64EncodedString()
    static let challenge = #"Basic realm="proxy""#

    /// The port the proxy listens on.
    let port: Int
    private let recorder: TranscriptRecorder
    private let channel: any Channel

    private init(port: Int, recorder: TranscriptRecorder, channel: any Channel) {
        self.port = port
        self.recorder = recorder
        self.channel = channel
    }

    /// `http://127.0.0.1:PORT`, for curl's `-x`.
    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts a proxy that reaches only `allowedTargets`, held to `limits`.
    static func start(allowing allowedTargets: Set<ProxyTarget>, limits: ConnectionLimits = .default) async throws
        -> TestForwardProxy
    {
        let group = MultiThreadedEventLoopGroup.singleton
        let recorder = TranscriptRecorder()
        let policy = ProxyPolicy(allowedTargets: allowedTargets) { request in
            request.proxyAuthorization == [credentials]
                ? .pass(responseHeaders: []) : .challenge(values: [challenge])
        }
        let prologue = ConnectionPrologue.forwardProxy(limits: limits, gates: [])
        let channel = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let connection = recorder.connectionAccepted(
                        server: "proxy", remoteAddress: channel.remoteAddress?.loopbackDescription, usesTLS: false)
                    try channel.pipeline.syncOperations.addForwardProxyHandlers(
                        prologue, policy: policy, recorder: connection, group: group)
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TestForwardProxy(port: channel.localAddress?.port ?? 0, recorder: recorder, channel: channel)
    }

    /// Waits (up to `timeout`) until every proxy connection has closed, then returns what the proxy saw.
    func transcript(settling timeout: Duration = .seconds(2)) async -> Transcript {
        await recorder.waitUntilIdle(timeout: timeout)
        return recorder.snapshot()
    }

    /// Stops listening.
    func shutdown() async {
        try? await channel.close()
    }
}
