import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOHTTP1

/// Answers each HTTP request from the scenario server's routes, behind their authentication, and
/// records it with what the gate made of its credentials.
final class RequestResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Bodies beyond this are refused with 413: a mock needs no more.
    static let maximumBodySize = 1 << 20

    private let behavior: ServerBehavior
    private let recorder: ConnectionRecorder
    private var pending: (head: HTTPRequestHead, body: [UInt8], tooLarge: Bool)?
    /// The last decision of a stateless gate on this connection, and whose it is (a connection
    /// nearly always talks to one protection space; another gate replaces the memo).
    private var memo: (gate: ObjectIdentifier, memo: ConnectionGateMemo)?

    init(behavior: ServerBehavior, recorder: ConnectionRecorder) {
        self.behavior = behavior
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            pending = (head, [], false)
        case .body(var buffer):
            guard pending?.tooLarge == false else { return }
            if (pending?.body.count ?? 0) + buffer.readableBytes > Self.maximumBodySize {
                pending?.tooLarge = true
                pending?.body = []
            } else if let bytes = buffer.readBytes(length: buffer.readableBytes) {
                pending?.body.append(contentsOf: bytes)
            }
        case .end:
            guard let request = pending else { return }
            pending = nil
            respond(to: request.head, body: request.body, tooLarge: request.tooLarge, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // NIO's protocol error handler has answered a parser error with 400 and `Connection: close`,
        // and nothing after this handler closes a connection: whatever the error, this one is done.
        if error is HTTPParserError { recorder.protocolErrorCaught("HTTP parser: \(error)") }
        context.close(promise: nil)
    }

    private func respond(to head: HTTPRequestHead, body: [UInt8], tooLarge: Bool, context: ChannelHandlerContext) {
        let headRefusal = RequestHeadLimits.refusal(of: head.headers)
        var record = RequestRecord(
            method: head.method.rawValue, target: head.uri,
            headers: head.headers.recorded)
        let path = record.path
        var answer: Answer
        if let headRefusal {
            // Refused before any route or authentication looks at it.
            record.refusal = headRefusal
            answer = Answer(status: 431, body: "\(headRefusal)\n")
        } else if tooLarge {
            let refusal = RequestRefusal(limit: .body, actual: Self.maximumBodySize + 1, allowed: Self.maximumBodySize)
            record.refusal = refusal
            answer = Answer(status: 413, body: "\(refusal)\n")
        } else if let route = behavior.route(for: path) {
            answer = Answer(route: route.spec)
            if let gate = route.gate {
                let identity = ObjectIdentifier(gate)
                var gateMemo = memo?.gate == identity ? memo?.memo ?? ConnectionGateMemo() : ConnectionGateMemo()
                let result = gateMemo.check(
                    gate, method: head.method.rawValue, target: head.uri,
                    credentials: head.headers[gate.credentialsHeader], body: body, connectionID: recorder.id)
                memo = (identity, gateMemo)
                record.auth = result.record
                switch result.decision {
                case .pass(let headers):
                    answer.headers += headers
                case .challenge(let headers):
                    answer.status = gate.challengeStatus
                    answer.body = "\(result.record.reason)\n"
                    answer.headers += headers
                case .badRequest(let reason):
                    answer.status = 400
                    answer.body = "\(reason)\n"
                }
            }
            // A redirecting route redirects once the request got through its authentication.
            if answer.status / 100 == 2, let redirect = route.spec.redirect {
                let location = behavior.endpoints.endpoint(redirect.server)?.url(path: redirect.path) ?? redirect.path
                answer.status = redirect.status
                answer.location = location
                answer.body = "redirecting to \(location)\n"
            }
        } else {
            answer = Answer(status: 404, body: "no route for \(path) in this scenario\n")
        }
        if let location = answer.location {
            answer.headers.append(("Location", location))
            record.redirectedTo = location
        }
        record.responseStatus = answer.status
        recorder.requestAnswered(record)
        write(answer, for: head, context: context)
    }

    private func write(_ answer: Answer, for head: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(answer.body.utf8.count))
        for (name, value) in answer.headers { headers.add(name: name, value: value) }
        // A request refused as malformed (400) or for its head (431) ends its connection: a client
        // that sends garbage gets no second try on the same connection. (A 413 body was read to its
        // end, so the framing holds and the connection may go on.)
        let keepAlive = head.isKeepAlive && answer.status != 400 && answer.status != 431
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let responseHead = HTTPResponseHead(
            version: head.version, status: HTTPResponseStatus(statusCode: answer.status), headers: headers)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: answer.body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}

/// The response being put together.
private struct Answer {
    var status: Int
    var body: String
    var headers: [(String, String)] = []
    var location: String?

    init(status: Int, body: String) {
        self.status = status
        self.body = body
    }

    init(route: RouteSpec) {
        self.init(status: route.status, body: route.body)
        headers = route.headers.map { ($0.name, $0.value) }
    }
}

@available(*, unavailable)
extension RequestResponder: Sendable {}
