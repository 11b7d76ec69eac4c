import MockAuthVocabulary
import NIOCore
import NIOEmbedded

@testable import MockAuthServer

/// One SOCKS5 proxy connection as ``Listener`` assembles it, on an `EmbeddedChannel`, fed a
/// client's bytes cut into writes where the input says, with the origin's dial completing between
/// two writes the input chooses: a client that pipelines its greeting, RFC 1929's step, its CONNECT
/// and its first tunnel bytes, split anywhere. Any broken invariant traps (a finding):
///
/// - the proxy never holds more than ``SOCKSPipelinedInput/mostHeld`` of the client's bytes;
/// - its answers come in the messages' order (method, then status, then the CONNECT's reply) and
///   nothing follows a refusal;
/// - nothing is dialled, nor a CONNECT recorded, unless the step (when the proxy demands one)
///   succeeded, and only the scenario's server is dialled;
/// - once the tunnel is up, the origin gets exactly the bytes the client sent after its CONNECT, in order.
enum SOCKSPipelineFuzzConnection {
    /// The account of a proxy that demands username/password.
    static let account = Account(username: "socks-user", password: "tunnel-7")

    /// Input: `flags`, `count`, `count` chunk sizes, then the client's bytes. `flags` bit 0: the
    /// proxy demands username/password; bit 1: the dial connects (else it fails); bits 2–7: the
    /// write after which the dial completes. The bytes go in writes of the chunk sizes (each + 1),
    /// in turn; with no sizes, in one write.
    static func run(_ input: [UInt8]) {
        guard input.count >= 2 else { return }
        let flags = input[0]
        let count = min(Int(input[1] & 0x0F), input.count - 2)
        let sizes = input[2..<(2 + count)].map { Int($0) + 1 }
        let bytes = Array(input[(2 + count)...])
        let account = flags & 1 == 1 ? Self.account : nil
        let completeAfter = Int(flags >> 2)

        let channel = EmbeddedChannel()
        let dialer = PendingDialer(loop: channel.embeddedEventLoop)
        let recorder = TranscriptRecorder().connectionAccepted(
            server: "proxy", remoteAddress: "127.0.0.1:40000", usesTLS: false)
        var written: [UInt8] = []
        var answer: [UInt8] = []
        do {
            try channel.pipeline.syncOperations.addSOCKSProxyHandlers(
                .socksProxy(limits: .default),
                policy: SOCKSPolicy(
                    allowedTargets: [SOCKSFuzzConnection.origin],
                    aliases: [SOCKSFuzzConnection.named: SOCKSFuzzConnection.origin], account: account),
                recorder: recorder, group: channel.embeddedEventLoop, dialer: dialer)
            let pipelining = try channel.pipeline.syncOperations.handler(type: SOCKSPipeliningHandler.self)
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40000)).wait()
            var rest = bytes[...]
            var index = 0
            while !rest.isEmpty, channel.isActive {
                let size = sizes.isEmpty ? rest.count : sizes[index % sizes.count]
                written += rest.prefix(size)
                try channel.writeInbound(ByteBuffer(bytes: rest.prefix(size)))
                rest = rest.dropFirst(size)
                channel.embeddedEventLoop.run()
                check(pipelining.heldCount <= SOCKSPipelinedInput.mostHeld, "held \(pipelining.heldCount) bytes")
                if index == completeAfter { dialer.complete(connects: flags & 2 == 2) }
                channel.embeddedEventLoop.run()
                answer += drain(channel)
                index += 1
            }
            dialer.complete(connects: flags & 2 == 2)
            channel.embeddedEventLoop.run()
            answer += drain(channel)
        } catch {
            // A refusal the pipeline throws is an answer, not a finding.
        }
        let record = recorder.record
        checkAnswers(answer, demandsPassword: account != nil)
        let stepFailed = account != nil && record.socks?.authenticated != true
        if stepFailed {
            check(dialer.dials.isEmpty, "dialled after a step that did not succeed")
            check(record.requests.isEmpty, "a CONNECT recorded after a step that did not succeed")
        }
        check(dialer.dials.allSatisfy { $0 == SOCKSFuzzConnection.origin }, "dialled \(dialer.dials)")
        if record.socks?.reply == "succeeded", let origin = dialer.origin {
            let tunnel = drain(origin)
            let sentAfter = Array(written.dropFirst(handshakeLength(written, demandsPassword: account != nil)))
            check(
                tunnel == sentAfter,
                "the origin got \(tunnel.count) bytes for \(sentAfter.count) sent after the CONNECT")
        }
        _ = try? channel.finish(acceptAlreadyClosed: true)
        if let origin = dialer.origin { _ = try? origin.finish(acceptAlreadyClosed: true) }
    }

    /// The proxy's answers: `05 M`, then (username/password chosen) `01 S`, then (status 0, or no
    /// step) `05 R 00 ATYP …`; nothing after a refusal.
    private static func checkAnswers(_ answer: [UInt8], demandsPassword: Bool) {
        guard !answer.isEmpty else { return }
        check(answer.count >= 2 && answer[0] == 5, "the method answer \(answer)")
        let method = answer[1]
        check(method == (demandsPassword ? 0x02 : 0x00) || method == 0xFF, "method \(method)")
        var rest = answer.dropFirst(2)
        if method == 0xFF {
            check(rest.isEmpty, "bytes after 0xFF: \(answer)")
            return
        }
        if method == 0x02, !rest.isEmpty {
            check(rest.count >= 2 && rest.first == 1, "the step's status in \(answer)")
            let status = rest.dropFirst().first
            rest = rest.dropFirst(2)
            if status != 0 {
                check(rest.isEmpty, "bytes after status \(String(describing: status)): \(answer)")
                return
            }
        }
        guard !rest.isEmpty else { return }
        check(rest.count >= 4 && rest.first == 5 && rest.dropFirst(2).first == 0, "the CONNECT's reply in \(answer)")
    }

    /// How many of `bytes` the greeting, the step (when the proxy demands one) and the CONNECT take.
    private static func handshakeLength(_ bytes: [UInt8], demandsPassword: Bool) -> Int {
        let messages: [SOCKSMessage] =
            demandsPassword ? [.greeting, .usernamePasswordStep, .request] : [.greeting, .request]
        var offset = 0
        for message in messages {
            guard offset <= bytes.count, let length = message.length(in: bytes[offset...]) else { return bytes.count }
            offset += length
        }
        return offset
    }

    private static func drain(_ channel: EmbeddedChannel) -> [UInt8] {
        var bytes: [UInt8] = []
        while let buffer = try? channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
        return bytes
    }

    private static func check(_ condition: Bool, _ what: @autoclosure () -> String) {
        if !condition { fatalError("socks-pipeline: \(what())") }
    }

    /// Holds the one dial a connection makes until the input says it completes.
    final class PendingDialer: OriginDialing {
        let loop: EmbeddedEventLoop
        private(set) var dials: [ProxyTarget] = []
        private(set) var origin: EmbeddedChannel?
        private var pending: EventLoopPromise<any Channel>?

        init(loop: EmbeddedEventLoop) {
            self.loop = loop
        }

        func forward(
            to target: ProxyTarget, near clientLoop: any EventLoop, report: @escaping @Sendable (OriginEvent) -> Void
        ) -> EventLoopFuture<any Channel> {
            loop.makeFailedFuture(ServerError("a SOCKS proxy forwards nothing"))
        }

        func tunnel(to target: ProxyTarget, near clientLoop: any EventLoop) -> EventLoopFuture<any Channel> {
            dials.append(target)
            let promise = loop.makePromise(of: (any Channel).self)
            pending = promise
            return promise.futureResult
        }

        /// Connects (to an `EmbeddedChannel` on the same loop) or fails the pending dial, if any.
        func complete(connects: Bool) {
            guard let promise = pending else { return }
            pending = nil
            guard connects else { return promise.fail(ServerError("connection refused")) }
            let origin = EmbeddedChannel(loop: loop)
            self.origin = origin
            do {
                try origin.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
                promise.succeed(origin)
            } catch {
                promise.fail(error)
            }
        }
    }
}
