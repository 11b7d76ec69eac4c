import NIOCore

/// The one place a served connection ends: first in every connection's pipeline (the listener's
/// prologue: origin, TLS or plain, revocation server, proxy, control API), it marks the connection's
/// record closed and lets every authentication gate of the server forget the connection (NTLM and
/// Negotiate handshakes) when the channel goes inactive.
final class ConnectionLifetimeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let recorder: ConnectionRecorder?
    private let gates: [AuthGate]

    /// - Parameter recorder: the connection's record; `nil` where the listener keeps no transcript.
    init(recorder: ConnectionRecorder?, gates: [AuthGate]) {
        self.recorder = recorder
        self.gates = gates
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let recorder {
            recorder.closed()
            for gate in gates { gate.connectionClosed(recorder.id) }
        }
        context.fireChannelInactive()
    }
}

@available(*, unavailable)
extension ConnectionLifetimeHandler: Sendable {}
