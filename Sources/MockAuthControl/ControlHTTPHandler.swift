import NIOCore
import NIOHTTP1

/// Collects each request, hands it to the ``ControlAPI`` and writes its answer, one request at a
/// time in arrival order (pipelined requests wait their turn). The connection's prologue in front
/// of it closes a stalled or idle connection, closes one whose body does not arrive in time, and
/// answers a head over the limits with 431.
///
/// No body is read before the request is known to be worth reading: a `Content-Length` over
/// ``ControlServer/maxBodyBytes`` gets `413` from the head (before the token, which it reveals
/// nothing about), a request that announces a body (`Content-Length` or `Transfer-Encoding`)
/// without the right token gets the API's `401` from its head alone, and a chunked body gets `413`
/// as soon as its running total passes the limit. Each of these answers says
/// `Connection: close`, what follows on the connection is never read, and the connection closes
/// once it is written (after the answers still owed to earlier pipelined requests).
final class ControlHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let api: ControlAPI
    private let maxBodyBytes: Int
    private var waiting: [NIOHTTPServerRequestFull] = []
    private var busy = false
    /// The request being read, until its end arrives.
    private var reading: NIOHTTPServerRequestFull?
    /// Set once a request was refused before its body: everything after it is ignored, and the
    /// connection closes after ``lastAnswer``.
    private var refused = false
    /// The refusal to write once the requests before it are answered, in the version of its request.
    private var lastAnswer: (response: ControlResponse, version: HTTPVersion)?

    init(api: ControlAPI, maxBodyBytes: Int = ControlServer.maxBodyBytes) {
        self.api = api
        self.maxBodyBytes = maxBodyBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            reading = NIOHTTPServerRequestFull(head: head, body: nil)
            let length = head.headers.first(name: "content-length").flatMap(Int.init)
            let announcesBody = (length ?? 0) > 0 || head.headers.contains(name: "transfer-encoding")
            if let length, length > maxBodyBytes {
                // Decided from the head, before the token: it reveals nothing.
                refuseOversizedBody(version: head.version, context: context)
            } else if announcesBody, let unauthorized = api.refusal(of: head.headers.first(name: "authorization")) {
                refuse(with: unauthorized, version: head.version, context: context)
            }
        case .body(var chunk):
            guard var request = reading else { return }
            guard (request.body?.readableBytes ?? 0) + chunk.readableBytes <= maxBodyBytes else {
                refuseOversizedBody(version: request.head.version, context: context)
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
    private func refuseOversizedBody(version: HTTPVersion, context: ChannelHandlerContext) {
        let response = ControlAPI.error(
            ControlFailure(.payloadTooLarge, "the body is larger than \(maxBodyBytes) bytes"))
        refuse(with: response, version: version, context: context)
    }

    /// Stops reading the connection and answers `response` once the requests before it are answered,
    /// with `Connection: close`.
    private func refuse(with response: ControlResponse, version: HTTPVersion, context: ChannelHandlerContext) {
        refused = true
        reading = nil
        lastAnswer = (response, version)
        answerNext(context: context)
    }

    /// A protocol error (HTTPServerProtocolErrorHandler has answered 400) or any other: close.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func answerNext(context: ChannelHandlerContext) {
        guard !busy else { return }
        guard !waiting.isEmpty else {
            if let (response, version) = lastAnswer.take() {
                write(response, keepAlive: false, version: version, context: context)
            }
            return
        }
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
