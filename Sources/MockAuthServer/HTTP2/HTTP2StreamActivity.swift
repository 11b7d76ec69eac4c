import NIOCore
import NIOHTTP2

/// A stream of an HTTP/2 connection opened or closed, told to the connection's pipeline so that
/// ``ConnectionLimitsHandler`` knows when the connection is idle.
enum HTTP2StreamActivity: Sendable {
    /// A stream opened: its request head is complete.
    case opened
    /// A stream closed (answered, or reset by either side).
    case closed
}

/// The HTTP/2 handler's stream delegate: reports each stream's opening and closing to the
/// connection's pipeline as an ``HTTP2StreamActivity`` event.
struct HTTP2StreamActivityReporter: NIOHTTP2StreamDelegate {
    func streamCreated(_ id: HTTP2StreamID, channel: any Channel) {
        channel.parent?.pipeline.fireUserInboundEventTriggered(HTTP2StreamActivity.opened)
    }

    func streamClosed(_ id: HTTP2StreamID, channel: any Channel) {
        channel.parent?.pipeline.fireUserInboundEventTriggered(HTTP2StreamActivity.closed)
    }
}
