import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The anchor: a bare SwiftNIO (and NIOSSL) HTTP/1.1 server with the same check as a Basic scenario
/// (one header compared to the expected credentials, 200 or 401), on the same event loops
/// (`MultiThreadedEventLoopGroup.singleton`) as `mockauthd serve`, with one TLS context built once.
enum BareServer {
    static let expected = "Basic " + Data("alice:wonderland-7".utf8).base64EncodedString()

    /// Serves until killed; prints `PORT n` once listening.
    static func run(tls certificates: String?) async throws {
        let context = try AnchorTLS.context(certificates: certificates)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let context {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(CheckingHandler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        print("PORT \(channel.localAddress?.port ?? 0)")
        fflush(nil)
        try await channel.closeFuture.get()
    }
}

/// Compares `Authorization` with the expected credentials and answers 200 or 401.
private final class CheckingHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var keepAlive = true
    private var authorized = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            keepAlive = head.isKeepAlive
            authorized = head.headers["Authorization"].first == BareServer.expected
        case .body:
            break
        case .end:
            let body = authorized ? "hello\n" : "no credentials\n"
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            headers.add(name: "Content-Length", value: String(body.utf8.count))
            if !authorized { headers.add(name: "WWW-Authenticate", value: #"Basic realm="mockauth", charset="UTF-8""#) }
            if !keepAlive { headers.add(name: "Connection", value: "close") }
            let head = HTTPResponseHead(version: .http1_1, status: authorized ? .ok : .unauthorized, headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
            let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                let channel = context.channel
                done.whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
