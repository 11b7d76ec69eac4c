import NIOCore

/// Watches the client's TLS records until the handshake ends and notes a plaintext alert.
///
/// In TLS 1.3, OpenSSL-based clients (curl, `openssl s_client`) abort a handshake with an alert
/// sent in plaintext, before switching to their handshake keys; BoringSSL then only reports
/// `BAD_PACKET_LENGTH`. Reading the record headers in front of the TLS handler recovers the alert
/// the client really sent (`unknown_ca`, `certificate_expired` …). Bytes pass through unchanged.
final class TLSAlertSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let recorder: ConnectionRecorder?
    private var parser = TLSRecordScanner()

    /// - Parameter recorder: the connection's record; `nil` where the listener keeps no transcript.
    init(recorder: ConnectionRecorder?) {
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if let alert = parser.scan(&bytes) {
            recorder?.clientSentAlert(alert)
        }
        context.fireChannelRead(data)
        if parser.isDone {
            context.pipeline.syncOperations.removeHandler(self, promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // Once the handshake is done, alerts are encrypted and none of this handler's business.
        parser.isDone = true
        context.fireUserInboundEventTriggered(event)
    }
}

@available(*, unavailable)
extension TLSAlertSniffer: Sendable {}

/// Finds record boundaries in a TLS byte stream and reports the first plaintext alert.
struct TLSRecordScanner {
    /// Stop looking after this many bytes: a handshake is far smaller.
    static let byteLimit = 64 * 1024

    private var header: [UInt8] = []
    private var bodyRemaining = 0
    private var alertBody: [UInt8]?
    private var seen = 0
    var isDone = false

    /// Scans `bytes` (consuming a copy); returns an alert's name once one is complete.
    mutating func scan(_ bytes: inout ByteBuffer) -> String? {
        guard !isDone else { return nil }
        seen += bytes.readableBytes
        if seen > Self.byteLimit { isDone = true }
        while let byte = bytes.readInteger(as: UInt8.self) {
            if bodyRemaining > 0 {
                bodyRemaining -= 1
                if alertBody != nil { alertBody?.append(byte) }
                if bodyRemaining == 0, let body = alertBody, body.count == 2 {
                    isDone = true
                    return TLSAlert.name(of: body[1])
                }
                continue
            }
            header.append(byte)
            guard header.count == 5 else { continue }
            let contentType = header[0]
            bodyRemaining = Int(header[3]) << 8 | Int(header[4])
            header.removeAll(keepingCapacity: true)
            // Content type 21 is an alert; a plaintext one is exactly level + description.
            alertBody = contentType == 21 && bodyRemaining == 2 ? [] : nil
            if bodyRemaining == 0 { alertBody = nil }
        }
        return nil
    }
}

/// TLS alert descriptions (RFC 8446 §6, RFC 5246 §7.2) by their wire code.
enum TLSAlert {
    static func name(of code: UInt8) -> String {
        names[code] ?? "alert_\(code)"
    }

    private static let names: [UInt8: String] = [
        0: "close_notify", 10: "unexpected_message", 20: "bad_record_mac", 22: "record_overflow",
        40: "handshake_failure", 42: "bad_certificate", 43: "unsupported_certificate", 44: "certificate_revoked",
        45: "certificate_expired", 46: "certificate_unknown", 47: "illegal_parameter", 48: "unknown_ca",
        49: "access_denied", 50: "decode_error", 51: "decrypt_error", 70: "protocol_version",
        71: "insufficient_security", 80: "internal_error", 86: "inappropriate_fallback", 90: "user_canceled",
        109: "missing_extension", 110: "unsupported_extension", 112: "unrecognized_name",
        113: "bad_certificate_status_response", 115: "unknown_psk_identity", 116: "certificate_required",
        120: "no_application_protocol",
    ]
}
