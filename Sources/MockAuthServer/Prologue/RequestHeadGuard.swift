import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import NIOHTTP1

/// Refuses a request head over ``RequestHeadLimits`` before anything behind it sees the request:
/// `431 Request Header Fields Too Large`, worded as its listener words refusals
/// (``RefusalWording``), the refusal in the transcript where the listener keeps one, and the
/// connection closed. On an HTTP/2 stream the stream ends with the answer, and the connection goes on.
///
/// A head over ``RequestHeadLimits/maximumHeadBytes`` never arrives whole: NIO's parser, held to
/// that limit, stops reading it with `headerOverflow`. The handler that holds this guard stands
/// before NIO's protocol error handler (which answers every parser error 400) and hands it the
/// error (``refusesParserError(_:context:)``), which it takes for what it is and answers 431 the
/// same way; its record has no method or target, which the parser never handed on.
///
/// A value, held by the handler the request parts pass: ``ConnectionLimitsHandler`` on an HTTP/1.1
/// connection, ``RequestHeadLimitHandler`` on an HTTP/2 stream. So the limits cost no handler of
/// their own on the way of a connection's requests.
struct RequestHeadGuard {
    private let wording: RefusalWording
    private let recorder: ConnectionRecorder?
    /// Set once a head was refused: what still arrives of the request (or of the connection) is
    /// dropped.
    private(set) var hasRefused = false
    /// A request's head has been handed on and its end has not: a parser error now is about its
    /// body or trailers, which the listener is already answering.
    private var inRequest = false

    init(wording: RefusalWording, recorder: ConnectionRecorder?) {
        self.wording = wording
        self.recorder = recorder
    }

    /// Whether `head` may go on to the listener. A head over the limits is answered 431 on
    /// `context` and recorded, and `false` returned: drop it, and whatever of the connection
    /// follows (``hasRefused``).
    mutating func admits(_ head: HTTPRequestHead, context: ChannelHandlerContext) -> Bool {
        guard let refusal = RequestHeadLimits.refusal(of: head) else {
            inRequest = true
            return true
        }
        hasRefused = true
        recorder?.requestAnswered(
            RequestRecord(
                method: head.method.rawValue, target: head.uri, headers: head.headers.recorded,
                responseStatus: 431, refusal: refusal,
                httpVersion: HTTPProtocolVersion(major: head.version.major, minor: head.version.minor),
                // An HTTP/2 stream is refused alone; an HTTP/1 connection is closed.
                closedConnection: head.version.major < 2 ? true : nil))
        refuse(refusal, version: head.version, withBody: head.method != .HEAD, context: context)
        return false
    }

    /// The request admitted last has been read to its end.
    mutating func requestEnded() {
        inRequest = false
    }

    /// Whether `error` is this guard's to answer, and it has: a parser error after a refusal (the
    /// connection is closing under a request cut short, which is no protocol error of the
    /// client's), or a head the parser stopped reading at the total head limit, refused as that
    /// limit. Any other error goes on.
    mutating func refusesParserError(_ error: any Error, context: ChannelHandlerContext) -> Bool {
        if hasRefused, error is HTTPParserError { return true }
        guard !inRequest, case .headerOverflow? = error as? HTTPParserError else { return false }
        hasRefused = true
        let refusal = RequestHeadLimits.headTooLarge
        recorder?.requestAnswered(
            RequestRecord(method: "", target: "", responseStatus: 431, refusal: refusal, closedConnection: true))
        refuse(refusal, version: .http1_1, withBody: true, context: context)
        return true
    }

    /// Answers 431 for `refusal` in HTTP `version` (with its body unless the request was `HEAD`)
    /// and, on an HTTP/1.1 connection, closes it once the answer is written.
    private func refuse(
        _ refusal: RequestRefusal, version: HTTPVersion, withBody: Bool, context: ChannelHandlerContext
    ) {
        let multiplexed = version.major >= 2
        let body = ByteBuffer(string: wording.body(refusal.description))
        var headers = HTTPHeaders(wording.headers)
        headers.add(name: "Content-Type", value: wording.contentType)
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        // A stream ends with its response; an HTTP/1.1 connection ends with this one.
        if !multiplexed { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: version, status: .requestHeaderFieldsTooLarge, headers: headers)
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        if withBody { context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(body))), promise: nil) }
        let written = context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)))
        guard !multiplexed else { return }
        let channel = context.channel
        written.whenComplete { _ in channel.close(promise: nil) }
    }
}
