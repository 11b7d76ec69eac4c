import MockAuthScenario
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOSSL

extension ChannelPipeline.SynchronousOperations {
    /// Assembles a scenario server connection: its lifetime handler, TLS (when configured) and its
    /// transcript handlers, HTTP/1.1 with NIO's protocol error handler (bad input gets a 400 and the
    /// server keeps serving), the time limits on slow clients, then the route responder.
    ///
    /// With `http2`, an ``HTTPProtocolSelector`` stands where HTTP/1.1 would go until the client has
    /// said which protocol it speaks (ALPN over TLS, the preface in plain HTTP); then HTTP/1.1's
    /// handlers go there as above, or HTTP/2's, with a responder per stream.
    func addScenarioServerHandlers(
        tls: ServerTLS?, behavior: ServerBehavior, recorder: ConnectionRecorder, http2: Bool = false
    ) throws {
        try addHandler(ConnectionLifetimeHandler(recorder: recorder, gates: behavior.gates))
        if let tls {
            try addHandler(TLSAlertSniffer(recorder: recorder))
            try addHandler(TLSResumptionSniffer(recorder: recorder))
            try addHandler(NIOSSLServerHandler(context: tls.context))
            try addHandler(TLSTranscriptHandler(recorder: recorder, certificateRequest: tls.certificateRequest))
        }
        let deadline = ConnectionDeadlineHandler(limits: behavior.limits, usesTLS: tls != nil, recorder: recorder)
        guard http2 else {
            try configureHTTPServerPipeline(withErrorHandling: true)
            try addHandler(deadline)
            try addHandler(RequestResponder(behavior: behavior, recorder: recorder))
            return
        }
        try addHandler(
            HTTPProtocolSelector(
                detection: tls == nil ? .preface : .alpn, deadline: deadline, behavior: behavior, recorder: recorder))
        try addHandler(deadline)
    }

    /// HTTP/1.1 on a connection whose protocol was just chosen: the codec and NIO's protocol error
    /// handler before the connection's `deadline` handler, the route responder after it.
    func addHTTP1Handlers(
        before deadline: ConnectionDeadlineHandler, behavior: ServerBehavior, recorder: ConnectionRecorder
    )
        throws
    {
        try configureHTTPServerPipeline(position: .before(deadline), withErrorHandling: true)
        try addHandler(RequestResponder(behavior: behavior, recorder: recorder), position: .after(deadline))
    }

    /// HTTP/2 on a connection whose protocol was just chosen: NIO's HTTP/2 handler before the
    /// connection's `deadline` handler, which it tells of streams opening and closing; each stream
    /// gets ``addScenarioStreamHandlers(behavior:recorder:)``.
    func addHTTP2Handlers(
        before deadline: ConnectionDeadlineHandler, eventLoop: any EventLoop, behavior: ServerBehavior,
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

    /// One HTTP/2 stream: the resetter (for `HTTP_1_1_REQUIRED`), the HTTP/1 codec, and the same route
    /// responder as HTTP/1.1, recording on the connection's recorder.
    func addScenarioStreamHandlers(behavior: ServerBehavior, recorder: ConnectionRecorder) throws {
        try addHandler(HTTP2StreamResetter())
        try addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
        try addHandler(RequestResponder(behavior: behavior, recorder: recorder))
    }
}
