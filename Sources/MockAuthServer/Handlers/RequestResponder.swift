import MockAuthScenario
import MockAuthSchemes
import MockAuthTranscript
import MockAuthVocabulary
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

    /// Bodies beyond this are refused with 413 as soon as that is known (a `Content-Length` over it,
    /// or a chunked body's running total passing it), and the connection closes: a mock needs no more.
    static let maximumBodySize = 1 << 20

    private let behavior: ServerBehavior
    private let recorder: ConnectionRecorder
    private var pending: PendingRequest?
    /// A request was answered before its body, and the connection is closing: the decoder's
    /// complaint that the body never came is no protocol error of the client's.
    private var answeredBeforeBody = false
    /// Whose gate ``memo`` remembers (a connection nearly always talks to one protection space;
    /// another gate replaces the memo).
    private var memoGate: ObjectIdentifier?
    /// The last decision of a stateless gate on this connection, kept in place (never copied out).
    private var memo = ConnectionGateMemo()
    /// The header lines of the last request answered and their recorded form: a keep-alive client
    /// sends the same lines again, and its record then shares them (``recorded(_:)``).
    private var recordedHeaders: (lines: HTTPHeaders, recorded: [HeaderField])?
    /// The last request recorded, when it may stand for a repeat (no body, no refusal, not a
    /// revocation server's), with its record and the recorder's ``ConnectionRecorder/Placed`` for
    /// it: a keep-alive client repeats its request, and a repeat answered the same way is recorded
    /// from here without a record being built or compared (``record(_:body:answer:auth:refusal:remembered:keepAlive:)``).
    private var lastRecorded: (head: HTTPRequestHead, record: RequestRecord, placed: ConnectionRecorder.Placed)?
    /// The response written to the request ``lastRecorded`` holds, while a repeat of that request
    /// gets the same one: it went through no gate or a stateless one, whose memo decides the same
    /// bytes the same way (``ConnectionGateMemo``), and the connection stayed open. A repeat is then
    /// answered and recorded from here, with no route, gate or answer looked at again (the
    /// keep-alive hot path, ``answerRepeat(of:context:)``).
    private var lastResponse: (head: HTTPResponseHead, body: ByteBuffer)?
    /// The gate's result for the pending request when it was decided on the head (`Expect:
    /// 100-continue`). Kept apart from ``PendingRequest``, which is moved on every request, so that
    /// the request stays small.
    private var decidedOnHead: GateResult?
    /// The pending request's head is the last recorded one's byte for byte, and that one's answer
    /// (``lastResponse``) stands for it: found when the head arrives, so that neither its length
    /// nor its expectation is looked at again (the last one's were in order).
    private var pendingRepeatsLast = false
    /// The pending request's head asked for `100 Continue`: its answer stands for no repeat, which
    /// would get none.
    private var pendingExpectedContinue = false

    /// The challenge held back while the client's other requests arrive (``ChallengeGathering``),
    /// until it goes out or the connection closes.
    private var held: HeldAnswer?

    /// A challenge being held: what is written when it goes out.
    private struct HeldAnswer {
        var decision: ResponseDecision
        var head: HTTPRequestHead
        var keepAlive: Bool
        var ticket: UInt64 = 0
    }

    /// The request being received.
    private struct PendingRequest {
        var head: HTTPRequestHead
        var body: [UInt8] = []
        /// The body's declared length, or the bytes read, when they went over ``maximumBodySize``.
        var oversized: Int?
        /// Answered before its body: what still arrives of it is dropped.
        var answered = false
    }

    init(behavior: ServerBehavior, recorder: ConnectionRecorder) {
        self.behavior = behavior
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            pending = PendingRequest(head: head)
            // Only a head that expected `100 Continue` can have been decided on.
            if pendingExpectedContinue { decidedOnHead = nil }
            // A keep-alive client's next request is most often its last one again, byte for byte.
            // Compared where it is kept: a copy would retain its storage and header lines.
            if lastResponse != nil, lastRecorded?.head.isByteForByte(head) == true {
                pendingRepeatsLast = true
                pendingExpectedContinue = false
                return
            }
            pendingRepeatsLast = false
            pendingExpectedContinue = head.expectsContinue
            // `contains(name:)` first: it allocates nothing, and a bodiless request has no such field.
            if head.headers.contains(name: "content-length"),
                let length = head.headers.first(name: "content-length").flatMap(Int.init),
                length > Self.maximumBodySize
            {
                refuseBody(oversized: length, context: context)
                return
            }
            if pendingExpectedContinue { answerExpectation(of: head, context: context) }
        case .body(var buffer):
            guard var request = pending, !request.answered else { return }
            pending = nil  // no second copy of the body while it grows
            let total = request.body.count + buffer.readableBytes
            guard total <= Self.maximumBodySize else {
                pending = request
                refuseBody(oversized: total, context: context)
                return
            }
            if let bytes = buffer.readBytes(length: buffer.readableBytes) {
                request.body.append(contentsOf: bytes)
            }
            pending = request
        case .end:
            // Moved out, not copied: the head, the body and the gate's early result are not retained twice.
            guard let request = pending.take() else { return }
            guard !request.answered else { return }
            respond(to: request, context: context)
        }
    }

    /// Answers the pending request 413 now, before the rest of its body (`oversized`: its declared
    /// length, or the bytes read so far), and closes the connection: what still arrives of the body
    /// is never read. On an HTTP/2 stream only the stream ends.
    private func refuseBody(oversized: Int, context: ChannelHandlerContext) {
        guard var request = pending else { return }
        request.oversized = oversized
        request.body = []
        request.answered = true
        pending = request
        answeredBeforeBody = true
        respond(to: request, context: context, closing: true)
    }

    /// `Expect: 100-continue` (RFC 9110 §10.1.1): a request its route's gate would refuse gets the
    /// final answer now, before its body, and the connection closes (the client may not send it);
    /// any other gets `100 Continue`. A gate that needs the body (`auth-int`) cannot decide yet.
    private func answerExpectation(of head: HTTPRequestHead, context: ChannelHandlerContext) {
        if let gate = behavior.decider.gate(for: head.path), !gate.needsBody {
            let result = check(gate, head: head, body: [])
            switch result.decision {
            case .pass:
                decidedOnHead = result
            case .challenge, .badRequest:
                guard let request = pending else { return }
                pending?.answered = true
                answeredBeforeBody = true
                decidedOnHead = result
                respond(to: request, context: context, closing: true)
                return
            }
        }
        context.writeAndFlush(
            wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
    }

    private func check(_ gate: AuthGate, head: HTTPRequestHead, body: [UInt8]) -> GateResult {
        let identity = ObjectIdentifier(gate)
        if memoGate != identity {
            memoGate = identity
            memo = ConnectionGateMemo()
        }
        return memo.check(
            gate, method: head.method.rawValue, target: head.uri, credentials: head.headers[gate.credentialsHeader],
            body: body, connectionID: recorder.id)
    }

    /// `headers` as the transcript keeps them (``HTTPHeaders/recorded``): the previous request's
    /// recorded lines themselves when they are the same bytes, so nothing is built again and the
    /// records share their storage (the transcript's fold then compares them at once). `keeping`:
    /// they are kept for the next request (not when the connection ends after this one).
    private func recorded(_ headers: HTTPHeaders, keeping: Bool) -> [HeaderField] {
        if let previous = recordedHeaders, headers.isByteForByte(previous.lines) { return previous.recorded }
        let recorded = headers.recorded
        recordedHeaders = keeping ? (headers, recorded) : nil
        return recorded
    }

    func channelInactive(context: ChannelHandlerContext) {
        // A held challenge that never went out: the recorder records its request unanswered.
        if let held = held.take() { behavior.gathering?.cancel(held.ticket) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // NIO's protocol error handler has answered a parser error with 400 and `Connection: close`,
        // and nothing after this handler closes a connection: whatever the error, this one is done.
        if error is HTTPParserError, !answeredBeforeBody { recorder.protocolErrorCaught("HTTP parser: \(error)") }
        context.close(promise: nil)
    }

    /// Answers `request` as the server's role decides (``RequestDecider``), and records it.
    /// `closing` ends the connection after the answer (one given before the request's body).
    private func respond(to request: PendingRequest, context: ChannelHandlerContext, closing: Bool = false) {
        if pendingRepeatsLast, lastResponse != nil, !closing, request.oversized == nil, request.body.isEmpty {
            answerRepeat(of: request.head, context: context)
            return
        }
        let head = request.head
        let body =
            !request.body.isEmpty && !request.answered && request.oversized == nil
            ? BodyRecord(of: request.body) : nil
        // A head over the limits never gets here: the connection's prologue answered it 431.
        let decision =
            if let oversized = request.oversized {
                ResponseDecision.bodyTooLarge(oversized, allowed: Self.maximumBodySize)
            } else {
                behavior.decider.decide(head, body: request.body) { gate in
                    if let decided = decidedOnHead { return (decided, false) }
                    let result = check(gate, head: head, body: request.body)
                    return (result, memo.lastCheckRemembered)
                }
            }
        if case .resetStream(let reset) = decision.action {
            var record = newRecord(head, body: body)
            record.streamReset = reset
            record.auth = decision.auth
            recorder.requestAnswered(record)
            lastRecorded = nil
            lastResponse = nil
            context.triggerUserOutboundEvent(StreamResetRequest(reset: reset), promise: nil)
            return
        }
        let keepAlive = Self.keepsAlive(
            head, closing: closing || decision.closesConnection, status: Int(decision.status.code))
        // HTTP/1 only: an HTTP/2 connection's streams share one recorder, which holds one request
        // at a time.
        if let gathering = behavior.gathering, decision.challenges, !closing, head.version.major == 1 {
            hold(head, body: body, decision: decision, keepAlive: keepAlive, in: gathering, context: context)
            return
        }
        record(head, body: body, decision: decision, keepAlive: keepAlive)
        let response = write(decision, for: head, keepAlive: keepAlive, context: context)
        // `lastRecorded` is this request's when it may stand for repeats (no body or refusal, the
        // connection kept alive).
        let answersRepeatsAlike = decision.answersRepeatsAlike && !pendingExpectedContinue
        lastResponse = answersRepeatsAlike && lastRecorded != nil ? response : nil
    }

    /// Holds the challenge `decision` answers `head` with until the client's other requests are
    /// waiting too, or the gathering's wait has passed (``ChallengeGathering``). The request is
    /// recorded as it arrives, its answer's place when it goes out
    /// (``ConnectionRecorder/startedRequestAnswered(status:closingConnection:held:)``); if the
    /// connection closes first, unanswered. It never stands for a repeat: its place in the run
    /// is what it is recorded for.
    private func hold(
        _ head: HTTPRequestHead, body: BodyRecord?, decision: ResponseDecision, keepAlive: Bool,
        in gathering: ChallengeGathering, context: ChannelHandlerContext
    ) {
        var record = newRecord(head, body: body, keepingHeaders: false)
        record.auth = decision.auth
        record.refusal = decision.refusal
        record.redirectedTo = decision.location
        recorder.requestStarted(record)
        lastRecorded = nil
        lastResponse = nil
        held = HeldAnswer(decision: decision, head: head, keepAlive: keepAlive)
        let bound = NIOLoopBound((responder: self, context: context), eventLoop: context.eventLoop)
        let ticket = gathering.hold(on: context.eventLoop) {
            bound.value.responder.releaseHeld(context: bound.value.context)
        }
        held?.ticket = ticket
    }

    /// Writes the held challenge, now that it goes out, and records its answer.
    private func releaseHeld(context: ChannelHandlerContext) {
        guard let held = held.take(), context.channel.isActive else { return }
        recorder.startedRequestAnswered(
            status: Int(held.decision.status.code), closingConnection: !held.keepAlive, held: true)
        write(held.decision, for: held.head, keepAlive: held.keepAlive, context: context)
    }

    /// Answers a repeat of the last request, byte for byte, with the response that one got
    /// (``lastResponse``, read where it is kept: each part is copied once, into what is written),
    /// and records it where that one went: the gate's memo would decide the same bytes the same
    /// way, and the route and its answer are the same.
    private func answerRepeat(of head: HTTPRequestHead, context: ChannelHandlerContext) {
        if let placed = lastRecorded?.placed {
            if let folded = recorder.repeatFolded(placed: placed) {
                lastRecorded?.placed = folded
            } else if let record = lastRecorded?.record {
                lastRecorded?.placed = recorder.requestAnswered(record)
            }
        }
        if let responseHead = lastResponse?.head { context.write(wrapOutboundOut(.head(responseHead)), promise: nil) }
        if head.method != .HEAD, let body = lastResponse?.body {
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// The record of `head` before its answer: method, target, header lines, version and `body`.
    /// `keepingHeaders`: the recorded lines are kept for the connection's next request.
    private func newRecord(_ head: HTTPRequestHead, body: BodyRecord?, keepingHeaders: Bool = true) -> RequestRecord {
        var record = RequestRecord(
            method: head.method.rawValue, target: head.uri, headers: recorded(head.headers, keeping: keepingHeaders),
            httpVersion: HTTPProtocolVersion(major: head.version.major, minor: head.version.minor))
        record.body = body
        return record
    }

    /// Records `head`, answered as `decision` says; `keepAlive`: the connection goes on after the
    /// answer, so the request is kept to stand for repeats. A repeat of the previous request
    /// recorded here, byte for byte, with no body or refusal, the same authentication (the gate's
    /// decision ``ResponseDecision/remembered``) and the same answer, has the same record: it is
    /// recorded as that one (``ConnectionRecorder/repeatFolded(placed:)``), without a record being
    /// built or compared.
    private func record(_ head: HTTPRequestHead, body: BodyRecord?, decision: ResponseDecision, keepAlive: Bool) {
        let status = Int(decision.status.code)
        // A stateless gate's memo holds the decision the previous request got, fresh or remembered.
        let mayStandForRepeats = body == nil && decision.refusal == nil
        // The last request is looked at field by field where it is kept: a copy of it would retain
        // every string of its record.
        // A request whose answer ends the connection has a fact of its own (`closedConnection`).
        if decision.remembered, mayStandForRepeats, keepAlive, let placed = lastRecorded?.placed,
            lastRecorded?.record.responseStatus == status, lastRecorded?.record.redirectedTo == decision.location,
            let lastHead = lastRecorded?.head, head.isByteForByte(lastHead)
        {
            if let folded = recorder.repeatFolded(placed: placed) {
                lastRecorded?.placed = folded
            } else if let record = lastRecorded?.record {
                lastRecorded?.placed = recorder.requestAnswered(record)
            }
            return
        }
        var record = newRecord(head, body: body, keepingHeaders: keepAlive)
        record.auth = decision.auth
        record.refusal = decision.refusal
        record.redirectedTo = decision.location
        record.responseStatus = status
        if !keepAlive { record.closedConnection = true }
        let placed = recorder.requestAnswered(record)
        lastRecorded = mayStandForRepeats && keepAlive ? (head, record, placed) : nil
    }

    /// Whether the connection goes on after answering `head` with `status` (`closing`: the
    /// answer was given before the request's body, or the gate ends the connection).
    private static func keepsAlive(_ head: HTTPRequestHead, closing: Bool, status: Int) -> Bool {
        // A request refused as malformed (400) ends its connection: a client that sends garbage gets
        // no second try on the same connection. (A 413 is answered before the rest of its body, with
        // `closing`.) An HTTP/2 stream ends with its response, and the connection is not the
        // request's to close.
        // A request that asked to upgrade the connection (`Upgrade: h2c`, `websocket`) is answered in
        // HTTP/1.1 and ends it too: NIO's parser reads nothing after an upgrade request, so a second
        // request there would never be answered.
        let multiplexed = head.version.major >= 2
        return multiplexed || (head.isKeepAlive && !closing && status != 400 && !head.asksToUpgrade)
    }

    /// Writes the answer `decision` gives to `head` and returns the response's head and body as written.
    @discardableResult
    private func write(
        _ decision: ResponseDecision, for head: HTTPRequestHead, keepAlive: Bool, context: ChannelHandlerContext
    ) -> (head: HTTPResponseHead, body: ByteBuffer) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: decision.contentType)
        headers.add(name: "Content-Length", value: String(decision.body.readableBytes))
        headers.add(contentsOf: decision.fields)
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let responseHead = HTTPResponseHead(version: head.version, status: decision.status, headers: headers)
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(decision.body))), promise: nil)
        }
        guard !keepAlive else {
            // No promise: a future per keep-alive response is an allocation and a generic type's
            // metadata looked up at run time, for nothing.
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return (responseHead, decision.body)
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
        return (responseHead, decision.body)
    }
}

@available(*, unavailable)
extension RequestResponder: Sendable {}

extension HTTPRequestHead {
    /// Whether the client waits for `100 Continue` before sending the body (HTTP/1.1 only).
    var expectsContinue: Bool {
        // `contains(name:)` first: it allocates nothing, and nearly no request has the field.
        version.major == 1 && version.minor >= 1 && headers.contains(name: "expect")
            && headers["Expect"].contains { $0.lowercased() == "100-continue" }
    }

    /// Whether the request asks to switch protocols (`Connection: upgrade` with an `Upgrade` field),
    /// which is how NIO's parser tells an upgrade: it parses nothing after one.
    fileprivate var asksToUpgrade: Bool {
        headers.contains(name: "upgrade")
            && headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
    }

    /// Whether this head is `other`'s byte for byte: method, target, version and header lines in
    /// the same order (not `==`, which compares strings by Unicode equivalence and ignores the
    /// order of the lines).
    func isByteForByte(_ other: HTTPRequestHead) -> Bool {
        version == other.version && method.rawValue.hasSameUTF8(as: other.method.rawValue)
            && uri.hasSameUTF8(as: other.uri) && headers.isByteForByte(other.headers)
    }

    /// The path the request-target names, without its query (the target itself, no copy, when it
    /// is in origin-form and has none); an absolute-form target's own path (``RequestTarget``).
    var path: String { RequestTarget.path(of: uri) }
}
