import NIOCore

/// An origin or the revocation server: the prologue, then the route responder (HTTP/1.1 or, with
/// `http2`, whichever protocol the client chooses).
struct OriginListener: ListenerRole {
    let prologue: ConnectionPrologue
    let behavior: ServerBehavior
    let recording: ConnectionRecording

    func accept(_ channel: any Channel) throws {
        try channel.pipeline.syncOperations.addScenarioServerHandlers(
            prologue, behavior: behavior, recorder: recording.connection(channel))
    }
}

extension ConnectionPrologue {
    /// A scenario server's (an origin or a revocation server, which answer at once): its limits and
    /// gates from `behavior`, its TLS, and with `http2` the protocol left to the client.
    static func scenarioServer(tls: ServerTLS?, behavior: ServerBehavior, http2: Bool = false) -> ConnectionPrologue {
        ConnectionPrologue(
            limits: behavior.limits, tls: tls, gates: behavior.gates, codec: http2 ? .chosenByClient : .server,
            answering: .atOnce)
    }
}
