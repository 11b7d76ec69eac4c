import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import NIOHTTP1

/// Refuses a request head over ``RequestHeadLimits`` before anything behind it sees the request:
/// `431 Request Header Fields Too Large`, worded as its listener words refusals
/// (``RefusalWording``), the refusal in the transcript where the listener keeps one, and the
/// connection closed. On an HTTP/2 stream the stream ends with the answer, and the connection goes on.
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

    init(wording: RefusalWording, recorder: ConnectionRecorder?) {
        self.wording = wording
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if case .head(let head) = unwrapInboundIn(data), let refusal = RequestHeadLimits.refusal(of: head.headers) {
            refused = true
            refuse(head, for: refusal, context: context)
            return
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // After a refusal the connection is closing under a request cut short: the decoder's
        // complaint about that is no protocol error of the client's.
        if refused, error is HTTPParserError { return }
        context.fireErrorCaught(error)
    }

    private func refuse(_ head: HTTPRequestHead, for refusal: RequestRefusal, context: ChannelHandlerContext) {
        let multiplexed = head.version.major >= 2
        recorder?.requestAnswered(
            RequestRecord(
                method: head.method.rawValue, target: head.uri, headers: head.headers.recorded, responseStatus: 431,
                refusal: refusal, httpVersion: HTTPProtocolVersion(major: head.version.major, minor: head.version.minor)
            ))
        let body = ByteBuffer(string: wording.body(refusal.description))
        var headers = HTTPHeaders(wording.headers)
        headers.add(name: "Content-Type", value: wording.contentType)
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        // A stream ends with its response; an HTTP/1.1 connection ends with this one.
        if !multiplexed { headers.add(name: "Connection", value: "close") }
        context.write(
            wrapOutboundOut(
                .head(HTTPResponseHead(version: head.version, status: .requestHeaderFieldsTooLarge, headers: headers))),
            promise: nil)
        if head.method != .HEAD { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        guard !multiplexed else { return }
        let channel = context.channel
        written.whenComplete { _ in channel.close(promise: nil) }
    }
}

@available(*, unavailable)
extension RequestHeadLimitHandler: Sendable {}
