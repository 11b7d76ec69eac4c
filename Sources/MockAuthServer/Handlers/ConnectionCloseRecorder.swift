import NIOCore

/// Marks a plain-HTTP connection's record closed when the channel goes inactive.
/// (TLS connections get this from ``TLSTranscriptHandler``.)
final class ConnectionCloseRecorder: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    private let recorder: ConnectionRecorder

    init(recorder: ConnectionRecorder) {
        self.recorder = recorder
    }

    func channelInactive(context: ChannelHandlerContext) {
        recorder.closed()
        context.fireChannelInactive()
    }
}

@available(*, unavailable)
extension ConnectionCloseRecorder: Sendable {}
