import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOHTTP1

/// Answers each HTTP request from the scenario server's routes, behind their authentication, and
/// records it with what the gate made of its credentials.
///
/// On an HTTP/2 connection there is one responder per stream, behind the stream's HTTP/1 codec, so
/// that requests are judged the same whatever their version. A request there that needs
/// connection-based authentication is not answered: its stream is reset with `HTTP_1_1_REQUIRED`
/// (``AuthGate/requiresHTTP11(credentials:)``, ``HTTP2StreamResetter``).
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
            headers: head.headers.recorded,
            httpVersion: HTTPProtocolVersion(major: head.version.major, minor: head.version.minor))
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
            if let gate = route.gate, record.httpVersion?.multiplexes == true,
                gate.requiresHTTP11(credentials: head.headers[gate.credentialsHeader])
            {
                record.streamReset = .http11Required
                record.auth = gate.resetRecord(
                    credentials: head.headers[gate.credentialsHeader], reset: .http11Required)
                recorder.requestAnswered(record)
                context.triggerUserOutboundEvent(StreamResetRequest(reset: .http11Required), promise: nil)
                return
            }
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
        // end, so the framing holds and the connection may go on.) An HTTP/2 stream ends with its
        // response, and the connection is not the request's to close.
        // A request that asked to upgrade the connection (`Upgrade: h2c`, `websocket`) is answered in
        // HTTP/1.1 and ends it too: NIO's parser reads nothing after an upgrade request, so a second
        // request there would never be answered.
        let multiplexed = head.version.major >= 2
        let keepAlive =
            multiplexed
            || (head.isKeepAlive && answer.status != 400 && answer.status != 431 && !head.asksToUpgrade)
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

extension HTTPRequestHead {
    /// Whether the request asks to switch protocols (`Connection: upgrade` with an `Upgrade` field),
    /// which is how NIO's parser tells an upgrade: it parses nothing after one.
    fileprivate var asksToUpgrade: Bool {
        headers.contains(name: "upgrade")
            && headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
    }
}

@available(*, unavailable)
extension RequestResponder: Sendable {}
