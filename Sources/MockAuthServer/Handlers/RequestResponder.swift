import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOHTTP1

/// Answers each HTTP request from the scenario server's routes and records it.
final class RequestResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let routes: [RouteSpec]
    private let recorder: ConnectionRecorder
    private var pending: (head: HTTPRequestHead, index: Int)?

    init(routes: [RouteSpec], recorder: ConnectionRecorder) {
        self.routes = routes
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let record = RequestRecord(
                method: head.method.rawValue, target: head.uri,
                headers: head.headers.map { HeaderRecord(name: $0.name, value: $0.value) })
            pending = (head, recorder.requestReceived(record))
        case .body:
            break
        case .end:
            guard let (head, index) = pending else { return }
            pending = nil
            respond(to: head, index: index, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, index: Int, context: ChannelHandlerContext) {
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        let route =
            routes.first { $0.matches(path: path) }
            ?? RouteSpec(path: path, status: 404, body: "no route for \(path) in this scenario\n")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(route.body.utf8.count))
        for header in route.headers { headers.add(name: header.name, value: header.value) }
        let keepAlive = head.isKeepAlive
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }

        let responseHead = HTTPResponseHead(
            version: head.version, status: HTTPResponseStatus(statusCode: route.status), headers: headers)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: route.body)))), promise: nil)
        }
        recorder.answered(index, status: route.status)
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}

@available(*, unavailable)
extension RequestResponder: Sendable {}
