import MockAuthScenario
import MockAuthTranscript
import NIOCore
import NIOEmbedded

@testable import MockAuthServer

/// One accepted connection of a scenario server, on an `EmbeddedChannel`, with the pipeline
/// ``Listener`` assembles (`addScenarioServerHandlers`).
struct ServedConnection {
    let channel: EmbeddedChannel
    let recorder: ConnectionRecorder

    /// A connection to a server behaving as `behavior` (share one behavior between connections
    /// to share the server's authentication state), recorded by `transcript` when given (share one
    /// between connections to number their requests in one run), else by a recorder of its own.
    init(
        behavior: ServerBehavior, tls: ServerTLS? = nil, activate: Bool = true, transcript: TranscriptRecorder? = nil
    ) throws {
        recorder =
            transcript?.connectionAccepted(
                server: behavior.server, remoteAddress: "127.0.0.1:40000", usesTLS: tls != nil)
            ?? Fixtures.connectionRecorder(server: behavior.server, usesTLS: tls != nil)
        channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addScenarioServerHandlers(
            .scenarioServer(tls: tls, behavior: behavior), behavior: behavior, recorder: recorder)
        if activate { try channel.activate() }
    }

    /// A connection to a plain-HTTP server `spec`.
    init(_ spec: ServerSpec, endpoints: EndpointDirectory = EndpointDirectory()) throws {
        try self.init(behavior: ServerBehavior(spec: spec, endpoints: endpoints))
    }

    /// Sends `request` (raw bytes as text) and returns every byte the server answered.
    func exchange(_ request: String) throws -> String {
        try channel.writeInbound(text: request)
        return try channel.readOutboundText()
    }

    /// Sends `request` and parses the one response.
    func respond(to request: String, bodiless: Bool = false) throws -> WireResponse {
        try WireResponse.parse(exchange(request), bodiless: bodiless)
    }

    /// The requests recorded on this connection.
    var requests: [RequestRecord] { recorder.record.requests }
}
