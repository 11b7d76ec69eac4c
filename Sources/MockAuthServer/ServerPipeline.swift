import NIOCore
import NIOHTTP1
import NIOHTTP2

extension ChannelPipeline.SynchronousOperations {
    /// Assembles a scenario server connection (an origin or a revocation server): the listener's
    /// prologue (``addConnectionPrologue(_:recorder:)``: lifetime, TLS when configured with its
    /// transcript handlers, HTTP/1.1 with its head limits, the time limits on slow clients), then
    /// the route responder.
    ///
    /// When the prologue leaves the protocol to the client (``ConnectionPrologue/scenarioServer(tls:behavior:http2:)``
    /// with `http2`), an ``HTTPProtocolSelector`` stands where HTTP/1.1 would go until the client has
    /// said which protocol it speaks (ALPN over TLS, the preface in plain HTTP); then HTTP/1.1's
    /// handlers go there as above, or HTTP/2's, with a responder per stream.
    func addScenarioServerHandlers(
        _ prologue: ConnectionPrologue, behavior: ServerBehavior, recorder: ConnectionRecorder
    ) throws {
        let deadline = try addConnectionPrologue(prologue, recorder: recorder)
        switch prologue.codec {
        case .server, .forwardProxy, .bytes:
            try addHandler(RequestResponder(behavior: behavior, recorder: recorder))
        case .chosenByClient(let allowsHTTP1):
            try addHandler(
                HTTPProtocolSelector(
                    detection: prologue.tls == nil ? .preface : .alpn, allowsHTTP1: allowsHTTP1, deadline: deadline,
                    behavior: behavior, recorder: recorder),
                position: .before(deadline))
        }
    }

    /// HTTP/1.1 on a connection whose protocol was just chosen: the codec before the connection's
    /// limits handler, NIO's protocol error handler after it, then the route responder.
    func addHTTP1Handlers(
        around limits: ConnectionLimitsHandler, behavior: ServerBehavior, recorder: ConnectionRecorder
    ) throws {
        try addHTTP1Codec(.server, around: limits, placed: true)
        try addHandler(RequestResponder(behavior: behavior, recorder: recorder))
    }

    /// HTTP/2 on a connection whose protocol was just chosen: NIO's HTTP/2 handler before the
    /// connection's `deadline` handler, which it tells of streams opening and closing; each stream
    /// gets ``addScenarioStreamHandlers(behavior:recorder:)``.
    func addHTTP2Handlers(
        before deadline: ConnectionLimitsHandler, eventLoop: any EventLoop, behavior: ServerBehavior,
        recorder: ConnectionRecorder
    ) throws {
        let handler = NIOHTTP2Handler(
            mode: .server, eventLoop: eventLoop, streamDelegate: HTTP2StreamActivityReporter()
        ) { stream in
            stream.eventLoop.makeCompletedFuture {
                try stream.pipeline.syncOperations.addScenarioStreamHandlers(behavior: behavior, recorder: recorder)
            }
        }
        try addHandler(handler, position: .before(deadline))
    }

    /// One HTTP/2 stream: the resetter (for `HTTP_1_1_REQUIRED`), the HTTP/1 codec, the head limits
    /// (a stream over them gets its 431 and ends; the connection goes on), the body limit
    /// (``HTTP2StreamBodyDeadlineHandler``: a stalled body closes the connection), and the same route
    /// responder as HTTP/1.1, recording on the connection's recorder.
    func addScenarioStreamHandlers(behavior: ServerBehavior, recorder: ConnectionRecorder) throws {
        try addHandler(HTTP2StreamResetter())
        try addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
        try addHandler(RequestHeadLimitHandler(wording: .text, recorder: recorder))
        try addHandler(HTTP2StreamBodyDeadlineHandler(limit: behavior.limits.requestBody, recorder: recorder))
        try addHandler(RequestResponder(behavior: behavior, recorder: recorder))
    }
}
