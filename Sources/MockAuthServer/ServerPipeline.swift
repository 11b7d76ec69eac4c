import MockAuthScenario
import NIOCore
import NIOHTTP1
import NIOSSL

extension ChannelPipeline.SynchronousOperations {
    /// Assembles a scenario server connection: its lifetime handler, TLS (when configured) and its
    /// transcript handlers, HTTP/1.1 with NIO's protocol error handler (bad input gets a 400 and the
    /// server keeps serving), the time limits on slow clients, then the route responder.
    func addScenarioServerHandlers(tls: ServerTLS?, behavior: ServerBehavior, recorder: ConnectionRecorder) throws {
        try addHandler(ConnectionLifetimeHandler(recorder: recorder, gates: behavior.gates))
        if let tls {
            try addHandler(TLSAlertSniffer(recorder: recorder))
            try addHandler(TLSResumptionSniffer(recorder: recorder))
            try addHandler(NIOSSLServerHandler(context: tls.context))
            try addHandler(TLSTranscriptHandler(recorder: recorder))
        }
        try configureHTTPServerPipeline(withErrorHandling: true)
        try addHandler(ConnectionDeadlineHandler(limits: behavior.limits, usesTLS: tls != nil, recorder: recorder))
        try addHandler(RequestResponder(behavior: behavior, recorder: recorder))
    }
}
