import MockAuthTranscript
import NIOCore
import NIOHTTP1

/// Holds the request body of an HTTP/2 stream to the body limit (``ConnectionLimits/requestBody``),
/// from the stream's head to its end, as ``ConnectionLimitsHandler`` holds an HTTP/1.1 body:
/// while streams are open, the connection's own limits handler applies only the connection limit.
/// A body that has not ended in time closes the connection, recorded as that limit, as a stalled
/// body closes an HTTP/1.1 connection.
///
/// Part of every stream of a scenario server
/// (``ChannelPipeline/SynchronousOperations/addScenarioStreamHandlers(behavior:recorder:)``), after
/// the stream's HTTP/1 codec. A request whose head ends the stream (a `GET`) arrives with its end in
/// the same read and schedules nothing: the timer is scheduled only when a read leaves a body
/// unfinished.
final class HTTP2StreamBodyDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler,
    NIOScheduledCallbackHandler
{
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let limit: TimeAmount
    private let recorder: ConnectionRecorder?
    /// When the body must have ended: set by a head, cleared by the request's end.
    private var bodyEnds: NIODeadline?
    private var timer: NIOScheduledCallback?
    /// The stream's context while the handler is in its pipeline: the timer fires outside channel
    /// callbacks.
    private var context: ChannelHandlerContext?

    /// - Parameters:
    ///   - limit: the body limit (``ConnectionLimits/requestBody``).
    ///   - recorder: the connection's record, told which limit closed it.
    init(limit: TimeAmount, recorder: ConnectionRecorder?) {
        self.limit = limit
        self.recorder = recorder
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            bodyEnds = context.eventLoop.now + limit
        case .body:
            break
        case .end:
            bodyEnds = nil
            cancelTimer()
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if let bodyEnds, timer == nil {
            do {
                timer = try context.eventLoop.assumeIsolated().scheduleCallback(at: bodyEnds, handler: self)
            } catch {
                // The event loop is shutting down, and the connection with it.
            }
        }
        context.fireChannelReadComplete()
    }

    func handleScheduledCallback(eventLoop: some EventLoop) {
        timer = nil
        guard let context, bodyEnds != nil, context.channel.isActive else { return }
        recorder?.limitExceeded(.requestBody)
        // The connection, not only the stream: the client is held to the limit as over HTTP/1.1.
        (context.channel.parent ?? context.channel).close(promise: nil)
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}

@available(*, unavailable)
extension HTTP2StreamBodyDeadlineHandler: Sendable {}
