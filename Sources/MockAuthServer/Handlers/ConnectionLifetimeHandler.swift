import NIOCore

/// The one place a served connection ends: first in every connection's pipeline (origin, TLS or
/// plain, and proxy), it marks the connection's record closed and lets every authentication gate of
/// the server forget the connection (NTLM and Negotiate handshakes) when the channel goes inactive.
final class ConnectionLifetimeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let recorder: ConnectionRecorder
    private let gates: [AuthGate]

    init(recorder: ConnectionRecorder, gates: [AuthGate]) {
        self.recorder = recorder
        self.gates = gates
    }

    func channelInactive(context: ChannelHandlerContext) {
        recorder.closed()
        for gate in gates { gate.connectionClosed(recorder.id) }
        context.fireChannelInactive()
    }
}

@available(*, unavailable)
extension ConnectionLifetimeHandler: Sendable {}
