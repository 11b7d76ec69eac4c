import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The anchor MockAuth's connection paths are held to: the cheapest correct SwiftNIO / NIOSSL server
/// doing a Basic scenario's work. `NIOSSLServerHandler` (one context, the same chain and key as
/// MockAuth's TLS server), `configureHTTPServerPipeline` (HTTP/1.1 keep-alive, pipelining, NIO's
/// protocol error handler: bad input gets 400), and one handler that compares `Authorization` with
/// the expected credentials and answers 200 or 401 with the same headers as MockAuth; on a group of
/// its own with two event loops. Nothing else: no Foundation, no per-request formatting (the two
/// answers are made once), no timers, no recording.
///
/// ``BareServer``, the anchor of the earlier benches, stays beside it: the same stack, with the
/// answer built per request.
enum MinimalServer {
    /// Serves until killed; prints `PORT n` once listening.
    static func run(tls certificates: String?) async throws {
        let context = try AnchorTLS.context(certificates: certificates)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let answers = MinimalAnswers()
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let context { try pipeline.addHandler(NIOSSLServerHandler(context: context)) }
                    try pipeline.configureHTTPServerPipeline(withErrorHandling: true)
                    try pipeline.addHandler(MinimalBasicHandler(answers: answers))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        print("PORT \(channel.localAddress?.port ?? 0)")
        fflush(nil)
        try await channel.closeFuture.get()
    }
}

/// The two answers, made once: 200 with `hello`, 401 with the challenge.
private struct MinimalAnswers: Sendable {
    let expected = BareServer.expected
    let okHead: HTTPResponseHead
    let unauthorizedHead: HTTPResponseHead
    let okBody = ByteBuffer(string: "hello\n")
    let unauthorizedBody = ByteBuffer(string: "no credentials\n")

    init() {
        var ok = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "6")])
        okHead = HTTPResponseHead(version: .http1_1, status: .ok, headers: ok)
        ok.replaceOrAdd(name: "Content-Length", value: "15")
        ok.add(name: "WWW-Authenticate", value: #"Basic realm="mockauth", charset="UTF-8""#)
        unauthorizedHead = HTTPResponseHead(version: .http1_1, status: .unauthorized, headers: ok)
    }
}

/// Answers each request at its end: 200 when `Authorization` is the expected Basic credentials,
/// else 401; closes after the answer when the request asked to.
private final class MinimalBasicHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let answers: MinimalAnswers
    private var keepAlive = true
    private var authorized = false

    init(answers: MinimalAnswers) {
        self.answers = answers
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            keepAlive = head.isKeepAlive
            authorized = head.headers.first(name: "Authorization") == answers.expected
        case .body:
            break
        case .end:
            var head = authorized ? answers.okHead : answers.unauthorizedHead
            if !keepAlive { head.headers.add(name: "Connection", value: "close") }
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(
                wrapOutboundOut(.body(.byteBuffer(authorized ? answers.okBody : answers.unauthorizedBody))),
                promise: nil)
            if keepAlive {
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            } else {
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension MinimalBasicHandler: Sendable {}
