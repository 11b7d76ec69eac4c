import MockAuthScenario
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
    /// gates from `behavior`, its TLS, and with `http2` the protocol left to the client (HTTP/2
    /// alone: a client that does not choose it is not served).
    static func scenarioServer(tls: ServerTLS?, behavior: ServerBehavior, http2: HTTP2Offer = .no) -> ConnectionPrologue
    {
        let codec: Codec =
            switch http2 {
            case .no: .server
            case .besideHTTP1: .chosenByClient(allowsHTTP1: true)
            case .only: .chosenByClient(allowsHTTP1: false)
            }
        return ConnectionPrologue(
            limits: behavior.limits, tls: tls, gates: behavior.gates, codec: codec, answering: .atOnce)
    }
}
