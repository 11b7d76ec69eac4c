import NIOCore

/// What a listener of one kind does with each connection it accepts: the connection's prologue
/// (made once, when the listener binds: lifetime, TLS, codec, limits, how refusals are worded;
/// ``ConnectionPrologue``) and the kind's own handlers after it. One conformer per kind, in the
/// kind's folder beside its handlers and with its prologue's recipe: an origin's (`Handlers/`; the
/// revocation server differs from an origin only in its ``RequestDecider``), the forward proxy's
/// (`Proxy/`), the SOCKS5 proxy's (`SOCKS/`), and the control API's (MockAuthControl).
/// `Listener.bind` picks a scenario server's by its `ServerRole`, once: the one place the server
/// names the roles; the order servers bind in is the role's too (`ServerRole.bindOrder`).
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
