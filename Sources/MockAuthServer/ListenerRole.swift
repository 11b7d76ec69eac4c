import NIOCore

/// What a listener of one kind does with each connection it accepts: the connection's prologue
/// (made once, when the listener binds: lifetime, TLS, codec, limits, how refusals are worded;
/// ``ConnectionPrologue``) and the kind's own handlers after it. One conformer per kind:
/// ``OriginListener`` (an origin, and the revocation server, which differs from an origin only in
/// its ``RequestDecider``), ``ForwardProxyListener``, ``SOCKSListener``, and the control API's
/// listener (MockAuthControl). `Listener.bind` picks a scenario server's by its `ServerRole`, once;
/// the order servers bind in is the role's too (`ServerRole.bindOrder`).
package protocol ListenerRole: Sendable {
    /// Sets up `channel`, a connection just accepted, on its event loop.
    func accept(_ channel: any Channel) throws
}

/// What a scenario server's connection records into: its server's log in the run's transcript.
struct ConnectionRecording: Sendable {
    let transcript: TranscriptRecorder
    let log: RequestLog
    let usesTLS: Bool

    /// The record of `channel`, a connection just accepted.
    func connection(_ channel: any Channel) -> ConnectionRecorder {
        transcript.connectionAccepted(log: log, remoteAddress: channel.remoteAddress, usesTLS: usesTLS)
    }
}

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

/// An HTTP forward proxy (an HTTPS proxy over TLS): the prologue, then the proxy's handler.
struct ForwardProxyListener: ListenerRole {
    let prologue: ConnectionPrologue
    let policy: ProxyPolicy
    let recording: ConnectionRecording
    /// Where the connections to origins run.
    let group: any EventLoopGroup

    func accept(_ channel: any Channel) throws {
        try channel.pipeline.syncOperations.addForwardProxyHandlers(
            prologue, policy: policy, recorder: recording.connection(channel), group: group)
    }
}

/// A SOCKS5 proxy: the prologue, then NIOSOCKS' handshake and the proxy's handler.
struct SOCKSListener: ListenerRole {
    let prologue: ConnectionPrologue
    let policy: SOCKSPolicy
    let recording: ConnectionRecording
    /// Where the connections to origins run.
    let group: any EventLoopGroup

    func accept(_ channel: any Channel) throws {
        try channel.pipeline.syncOperations.addSOCKSProxyHandlers(
            prologue, policy: policy, recorder: recording.connection(channel), group: group)
    }
}
