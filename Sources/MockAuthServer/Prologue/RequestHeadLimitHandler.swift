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
/// that limit, stops reading it with `headerOverflow`. This handler stands before NIO's protocol
/// error handler (which answers every parser error 400), takes that error for what it is, and
/// answers it 431 the same way; its record has no method or target, which the parser never handed on.
///
/// Part of every listener's prologue, right after the HTTP/1.1 codec
/// (``ChannelPipeline/SynchronousOperations/addHTTP1Codec(_:before:wording:recorder:)``),
/// and of every HTTP/2 stream of a scenario server.
final class RequestHeadLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let wording: RefusalWording
    private let recorder: ConnectionRecorder?
    /// Set once a head was refused: what still arrives of the request (or of the connection) is dropped.
    private var refused = false
    /// A request's head has been handed on and its end has not: a parser error now is about its
    /// body or trailers, which the listener is already answering.
    private var inRequest = false

    init(wording: RefusalWording, recorder: ConnectionRecorder?) {
        self.wording = wording
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if let refusal = RequestHeadLimits.refusal(of: head) {
                refused = true
                recorder?.requestAnswered(
                    RequestRecord(
                        method: head.method.rawValue, target: head.uri, headers: head.headers.recorded,
                        responseStatus: 431, refusal: refusal,
                        httpVersion: HTTPProtocolVersion(major: head.version.major, minor: head.version.minor),
                        // An HTTP/2 stream is refused alone; an HTTP/1 connection is closed.
                        closedConnection: head.version.major < 2 ? true : nil))
                refuse(refusal, version: head.version, withBody: head.method != .HEAD, context: context)
                return
            }
            inRequest = true
        case .body:
            break
        case .end:
            inRequest = false
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // After a refusal the connection is closing under a request cut short: the decoder's
        // complaint about that is no protocol error of the client's.
        if refused, error is HTTPParserError { return }
        // A head the parser stopped reading at the total head limit is refused as that limit.
        if !inRequest, case .headerOverflow? = error as? HTTPParserError {
            refused = true
            let refusal = RequestHeadLimits.headTooLarge
            recorder?.requestAnswered(
                RequestRecord(
                    method: "", target: "", responseStatus: 431, refusal: refusal, closedConnection: true))
            refuse(refusal, version: .http1_1, withBody: true, context: context)
            return
        }
        context.fireErrorCaught(error)
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
        context.write(
            wrapOutboundOut(
                .head(HTTPResponseHead(version: version, status: .requestHeaderFieldsTooLarge, headers: headers))),
            promise: nil)
        if withBody { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        guard !multiplexed else { return }
        let channel = context.channel
        written.whenComplete { _ in channel.close(promise: nil) }
    }
}

@available(*, unavailable)
extension RequestHeadLimitHandler: Sendable {}
