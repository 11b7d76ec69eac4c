import NIOCore

/// Marks a plain-HTTP connection's record closed when the channel goes inactive, and lets the
/// authentication gates forget the connection (NTLM state). TLS origin connections get the first
/// from ``TLSTranscriptHandler``.
final class ConnectionCloseRecorder: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    private let recorder: ConnectionRecorder
    private let gates: [AuthGate]

    init(recorder: ConnectionRecorder, gates: [AuthGate] = []) {
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
extension ConnectionCloseRecorder: Sendable {}
