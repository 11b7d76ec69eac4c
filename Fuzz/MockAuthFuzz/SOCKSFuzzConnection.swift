import MockAuthVocabulary
import NIOCore
import NIOEmbedded

@testable import MockAuthServer

/// One SOCKS5 proxy connection as ``Listener`` assembles it (`addSOCKSProxyHandlers`: the prologue,
/// NIOSOCKS' handshake handler, ``SOCKSProxyHandler``) on an `EmbeddedChannel`, fed a client's
/// bytes: the greeting, RFC 1929's step and the CONNECT are parsed exactly as in production.
enum SOCKSFuzzConnection {
    static let origin = ProxyTarget(host: "127.0.0.1", port: 8080)
    static let named = ProxyTarget(host: "api.mockauth.test", port: 8080)

    /// The first byte chooses the proxy (bit 0: it demands username/password), whether its dials
    /// connect (bit 1) and the size of the chunks the rest arrives in (bits 2–5: 1 to 16 bytes), so
    /// that a message split anywhere is exercised; the rest is what the client sends.
    static func run(_ bytes: [UInt8]) {
        guard let control = bytes.first else { return }
        let account = control & 1 == 1 ? Account(username: "socks-user", password: "tunnel-7") : nil
        let chunk = 1 + Int((control >> 2) & 0x0F)
        let channel = EmbeddedChannel()
        let dialer = ImmediateDialer(loop: channel.embeddedEventLoop, connects: control & 2 == 2)
        let recorder = TranscriptRecorder().connectionAccepted(
            server: "proxy", remoteAddress: "127.0.0.1:40000", usesTLS: false)
        do {
            try channel.pipeline.syncOperations.addSOCKSProxyHandlers(
                .socksProxy(limits: .default),
                policy: SOCKSPolicy(allowedTargets: [origin], aliases: [named: origin], account: account),
                recorder: recorder, group: channel.embeddedEventLoop, dialer: dialer)
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40000)).wait()
            var rest = bytes.dropFirst()
            while !rest.isEmpty, channel.isActive {
                try channel.writeInbound(ByteBuffer(bytes: rest.prefix(chunk)))
                rest = rest.dropFirst(chunk)
                channel.embeddedEventLoop.run()
                while try channel.readOutbound(as: ByteBuffer.self) != nil {}
            }
        } catch {
            // A refusal the pipeline throws is an answer, not a finding.
        }
        _ = try? channel.finish(acceptAlreadyClosed: true)
        for origin in dialer.origins { _ = try? origin.finish(acceptAlreadyClosed: true) }
    }

    /// Connects (to an `EmbeddedChannel` on the same loop) or refuses every dial at once.
    final class ImmediateDialer: OriginDialing {
        let loop: EmbeddedEventLoop
        let connects: Bool
        private(set) var origins: [EmbeddedChannel] = []

        init(loop: EmbeddedEventLoop, connects: Bool) {
            self.loop = loop
            self.connects = connects
        }

        func forward(
            to target: ProxyTarget, near clientLoop: any EventLoop, report: @escaping @Sendable (OriginEvent) -> Void
        ) -> EventLoopFuture<any Channel> {
            loop.makeFailedFuture(ServerError("a SOCKS proxy forwards nothing"))
        }

        func tunnel(to target: ProxyTarget, near clientLoop: any EventLoop) -> EventLoopFuture<any Channel> {
            guard connects else { return loop.makeFailedFuture(ServerError("connection refused")) }
            let origin = EmbeddedChannel(loop: loop)
            origins.append(origin)
            do {
                try origin.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: target.port)).wait()
                return loop.makeSucceededFuture(origin)
            } catch {
                return loop.makeFailedFuture(error)
            }
        }
    }
}
