import MockAuthTranscript
import NIOCore

/// In front of NIOSOCKS' handshake handler on a SOCKS5 proxy connection: reads the client's first
/// byte. A 5 opens a SOCKS5 greeting (RFC 1928 §3): the bytes go on to NIOSOCKS and this handler
/// leaves. Anything else is not SOCKS5, and NIOSOCKS would only say `InvalidProtocolVersion`: the
/// byte is recorded (``SOCKSRecord/firstByte``), and when the bytes open an HTTP request line (a
/// client told the proxy is an HTTP one sends `CONNECT host:port HTTP/1.1`) its method and target
/// too (``SOCKSRecord/httpRequest``). The connection is closed once the first line is judged.
final class SOCKSGreetingSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The version byte that opens every SOCKS5 greeting.
    static let version: UInt8 = 5

    private let recorder: ConnectionRecorder
    private var requestLine = PlainHTTPRequestLine()
    /// Whether the first byte was something else than ``version``.
    private var notSOCKS = false

    init(recorder: ConnectionRecorder) {
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        if !notSOCKS {
            guard let first = bytes.readableBytesView.first else {
                context.fireChannelRead(data)
                return
            }
            if first == Self.version {
                context.fireChannelRead(data)
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                return
            }
            notSOCKS = true
            recorder.socks { $0.firstByte = first }
        }
        if let request = requestLine.scanRequest(bytes.readableBytesView) {
            recorder.socks { $0.httpRequest = "\(request.method) \(request.target)" }
        }
        // The first line judged (or the bytes are no request line at all): nothing here will be
        // SOCKS5. A line that never ends is closed by the request-head limit.
        if requestLine.isDone { context.close(promise: nil) }
    }
}

@available(*, unavailable)
extension SOCKSGreetingSniffer: Sendable {}
