import NIOCore
import NIOHTTP1
import NIOSSL

/// What every connection of one listener starts with, whatever the listener serves (an origin, a
/// revocation server, a forward proxy, the control API): the time limits it is held to, its TLS if
/// it has any, how its HTTP/1.1 is decoded, when its listener answers, how it words a refusal, and
/// which authentication gates forget it when it closes. The head limits are the same for every
/// listener (``RequestHeadLimits``).
///
/// A listener makes its prologue once, when it binds;
/// ``ChannelPipeline/SynchronousOperations/addConnectionPrologue(_:recorder:)`` puts it first in the
/// pipeline of each connection it accepts, and the listener's own handlers go after it.
package final class ConnectionPrologue: Sendable {
    /// How the connection's HTTP/1.1 is decoded.
    enum Codec: Sendable, Equatable {
        /// NIO's server codec (`configureHTTPServerPipeline`).
        case server
        /// A forward proxy's: its request decoder hands on the bytes it holds when it is removed
        /// (what a client sends right after a CONNECT head reaches the tunnel), and the proxy
        /// replaces it after a CONNECT it refused.
        case forwardProxy
        /// None yet: the client chooses between HTTP/1.1 and HTTP/2 (``HTTPProtocolSelector``), which
        /// adds HTTP/1.1's codec when it is chosen and `allowsHTTP1`, and otherwise (an HTTP/2-only
        /// server) closes the connection.
        case chosenByClient(allowsHTTP1: Bool)
        /// None: the listener reads bytes (a SOCKS5 proxy). The request-head limit holds its
        /// handshake, from the greeting to the CONNECT, until the tunnel is established.
        case bytes
    }

    /// When the listener's own handler answers a request.
    enum Answering: Sendable {
        /// In the event-loop turn in which the request ends (a scenario server's
        /// ``RequestResponder``): the idle time before the next head starts then, and the responses
        /// on their way out are not looked at.
        case atOnce
        /// Later (a proxy relaying its origin, the control API waiting for a run): the idle time
        /// starts when the response's end is written.
        case later
    }

    /// The listen backlog of every listener (scenario servers and the control API alike): how many
    /// connections the kernel queues before the listener accepts them.
    package static let listenBacklog: Int32 = 256

    /// The time limits.
    let limits: ConnectionLimits
    /// The listener's TLS, or `nil` for plain HTTP.
    let tls: ServerTLS?
    /// The authentication gates that forget the connection when it closes.
    let gates: [AuthGate]
    let codec: Codec
    let answering: Answering
    /// How the listener words an answer the prologue gives itself (431 for a head over the limits).
    let wording: RefusalWording

    init(
        limits: ConnectionLimits, tls: ServerTLS? = nil, gates: [AuthGate] = [], codec: Codec = .server,
        answering: Answering = .later, wording: RefusalWording = .text
    ) {
        self.limits = limits
        self.tls = tls
        self.gates = gates
        self.codec = codec
        self.answering = answering
        self.wording = wording
    }

    /// A plain-HTTP listener with no transcript and no gates that answers later (the control API):
    /// NIO's server codec, `limits`, and refusals worded as `wording`.
    package static func plain(limits: ConnectionLimits, wording: RefusalWording) -> ConnectionPrologue {
        ConnectionPrologue(limits: limits, wording: wording)
    }
}

extension ChannelPipeline.SynchronousOperations {
    /// The handlers every served connection starts with, whatever its listener, in this order:
    ///
    /// ```
    /// [TLSHandshakeSniffer ─▶ NIOSSLServerHandler ─▶ TLSTranscriptHandler]
    ///   ─▶ HTTP/1.1 codec ─▶ ConnectionLimitsHandler ─▶ HTTPServerProtocolErrorHandler [─▶ ResponseEndWatcher]
    /// ```
    ///
    /// So every connection ends in one place (``ConnectionLifetime``, in its limits handler), and is
    /// held to its listener's limits (``ConnectionLimitsHandler``): its time limits (the TLS handshake, each
    /// request head and body, the whole connection; where the listener answers later,
    /// ``ResponseEndWatcher`` tells it when a response ends), and a head over ``RequestHeadLimits``
    /// refused with 431 before its listener sees it. Where the listener keeps a transcript,
    /// `recorder` records all of it. The listener's own handler goes last:
    ///
    /// ```swift
    /// let prologue = ConnectionPrologue.scenarioServer(tls: tls, behavior: behavior)  // once, at bind
    /// // for each connection:
    /// try pipeline.addConnectionPrologue(prologue, recorder: connection)
    /// try pipeline.addHandler(RequestResponder(behavior: behavior, recorder: connection))
    /// ```
    ///
    /// The handlers are added in order, each at the end (no lookups), and none schedules more than
    /// the limits handler's one timer: this is the whole of what a connection costs before its
    /// first request, besides its listener's own handler.
    ///
    /// - Returns: the connection's limits handler: a protocol the client chooses later goes before
    ///   it (``ConnectionPrologue/Codec/chosenByClient``), and so does a proxy's replacement codec.
    @discardableResult
    func addConnectionPrologue(_ prologue: ConnectionPrologue, recorder: ConnectionRecorder?) throws
        -> ConnectionLimitsHandler
    {
        let limits = ConnectionLimitsHandler(
            limits: prologue.limits, usesTLS: prologue.tls != nil, answering: prologue.answering, recorder: recorder,
            gates: prologue.gates, readsBytes: prologue.codec == .bytes, wording: prologue.wording)
        do {
            if let tls = prologue.tls {
                try addHandler(TLSHandshakeSniffer(recorder: recorder))
                try addHandler(NIOSSLServerHandler(context: tls.context))
                try addHandler(TLSTranscriptHandler(recorder: recorder, certificateRequest: tls.certificateRequest))
            }
            try addHTTP1Codec(prologue.codec, around: limits, placed: false)
        } catch {
            // The connection closes with no handler to end it: it ends here.
            limits.lifetime.ended()
            throw error
        }
        if limits.watchesResponses, prologue.codec != .bytes {
            try addHandler(ResponseEndWatcher(deadline: limits))
        }
        return limits
    }

    /// ``addConnectionPrologue(_:recorder:)`` for a listener of another module that keeps no
    /// transcript (the control API): its own handler goes last.
    package func addConnectionPrologue(_ prologue: ConnectionPrologue) throws {
        try addConnectionPrologue(prologue, recorder: nil)
    }

    /// HTTP/1.1 around the connection's `limits` handler: the codec before it, its parser held to
    /// ``RequestHeadLimits/maximumHeadBytes``, and NIO's protocol error handler after it (bad input
    /// gets a 400 and only that connection closes). The limits handler comes before the error
    /// handler so that a head the parser stopped reading at the limit is answered 431, not 400.
    /// `placed`: `limits` is in the pipeline already (a protocol the client chose, through
    /// ``HTTPProtocolSelector``); otherwise the handlers go at the end, `limits` with them. For
    /// ``ConnectionPrologue/Codec/chosenByClient`` and ``ConnectionPrologue/Codec/bytes``, `limits`
    /// alone: ``HTTPProtocolSelector`` calls this with `.server` once the client has chosen HTTP/1.1.
    func addHTTP1Codec(_ codec: ConnectionPrologue.Codec, around limits: ConnectionLimitsHandler, placed: Bool) throws {
        let before: Position = placed ? .before(limits) : .last
        switch codec {
        case .server:
            try configureHTTPServerPipeline(
                position: before, withErrorHandling: false, withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: RequestHeadLimits.decoderLimits)
        case .forwardProxy:
            let handlers: [any RemovableChannelHandler] = [
                ByteToMessageHandler(RequestHeadLimits.forwardProxyDecoder()), HTTPResponseEncoder(),
                HTTPServerPipelineHandler(),
            ]
            try addHandlers(handlers, position: before)
        case .chosenByClient, .bytes:
            if !placed { try addHandler(limits) }
            return
        }
        if !placed { try addHandler(limits) }
        try addHandler(HTTPServerProtocolErrorHandler(), position: .after(limits))
    }
}
