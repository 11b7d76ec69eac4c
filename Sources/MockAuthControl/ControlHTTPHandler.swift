import NIOCore
import NIOHTTP1

/// Collects each request (a body of at most ``ControlServer/maxBodyBytes``, else `413` and close),
/// hands it to the ``ControlAPI`` and writes its answer, one request at a time in arrival order
/// (pipelined requests wait their turn). The connection's prologue in front of it closes a stalled
/// or idle connection and answers a head over the limits with 431.
final class ControlHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let api: ControlAPI
    private let maxBodyBytes: Int
    private var waiting: [NIOHTTPServerRequestFull] = []
    private var busy = false
    /// The request being read, until its end arrives.
    private var reading: NIOHTTPServerRequestFull?
    /// Set once a body was too large: everything after it is ignored, and the connection closes.
    private var refused = false

    init(api: ControlAPI, maxBodyBytes: Int = ControlServer.maxBodyBytes) {
        self.api = api
        self.maxBodyBytes = maxBodyBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            reading = NIOHTTPServerRequestFull(head: head, body: nil)
            if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > maxBodyBytes {
                refuseOversizedBody(context: context, version: head.version)
            }
        case .body(var chunk):
            guard var request = reading else { return }
            guard (request.body?.readableBytes ?? 0) + chunk.readableBytes <= maxBodyBytes else {
                refuseOversizedBody(context: context, version: request.head.version)
                return
            }
            if request.body == nil {
                request.body = chunk
            } else {
                request.body?.writeBuffer(&chunk)
            }
            reading = request
        case .end:
            guard let request = reading else { return }
            reading = nil
            waiting.append(request)
            answerNext(context: context)
        }
    }

    /// `413` with a JSON error, then close: the rest of the body is never read.
    private func refuseOversizedBody(context: ChannelHandlerContext, version: HTTPVersion) {
        refused = true
        reading = nil
        waiting = []
        guard !busy else {
            // An answer is still being prepared: the 413 cannot go before it, so the connection just closes.
            context.close(promise: nil)
            return
        }
        let response = ControlAPI.error(
            ControlFailure(.payloadTooLarge, "the body is larger than \(maxBodyBytes) bytes"))
        write(response, keepAlive: false, version: version, context: context)
    }

    /// A protocol error (HTTPServerProtocolErrorHandler has answered 400) or any other: close.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func answerNext(context: ChannelHandlerContext) {
        guard !busy, !waiting.isEmpty else { return }
        busy = true
        let full = waiting.removeFirst()
        let request = ControlRequest(
            method: full.head.method, target: full.head.uri,
            authorization: full.head.headers.first(name: "authorization"),
            body: full.body.map { Array($0.readableBytesView) } ?? [])
        let keepAlive = full.head.isKeepAlive && !Self.endsDecoding(full.head)
        let version = full.head.version
        let api = self.api
        let answered = context.eventLoop.makePromise(of: ControlResponse.self)
        answered.completeWithTask { await api.respond(to: request) }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        answered.futureResult.whenSuccess { response in
            let (handler, context) = bound.value
            handler.write(response, keepAlive: keepAlive, version: version, context: context)
        }
    }

    /// Whether NIO's request decoder reads nothing more on the connection after this request: it
    /// takes a request asking to change protocols (an `Upgrade` field, as Java's `HttpClient` sends
    /// asking for h2c, or `CONNECT`) for the last HTTP/1.1 there, and with no upgrader in the
    /// pipeline the next request would sit unread until the request-head limit closed the
    /// connection. Its answer closes the connection instead (`Connection: close`), so the client
    /// sends the next request on a new one.
    static func endsDecoding(_ head: HTTPRequestHead) -> Bool {
        head.method == .CONNECT || head.headers.contains(name: "upgrade")
    }

    private func write(
        _ response: ControlResponse, keepAlive: Bool, version: HTTPVersion, context: ChannelHandlerContext
    ) {
        var headers = HTTPHeaders([
            ("Content-Type", "application/json"), ("Content-Length", "\(response.body.count)"),
            ("Cache-Control", "no-store"),
        ])
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: version, status: response.status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(
            wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        busy = false
        if keepAlive {
            answerNext(context: context)
        } else {
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
