import NIOCore

/// Reads the TLS records on both sides of the TLS handler while the handshake lasts, in front of
/// it, and records what swift-nio-ssl does not say. Bytes pass through unchanged.
///
/// - The client's records, for a plaintext alert. In TLS 1.3, OpenSSL-based clients (curl,
///   `openssl s_client`) abort a handshake with an alert sent in plaintext, before switching to
///   their handshake keys; BoringSSL then only reports `BAD_PACKET_LENGTH`. Reading the record
///   headers recovers the alert the client really sent (`unknown_ca`, `certificate_expired` …).
/// - The server's first flight as it leaves, for whether the handshake resumed a session
///   (``ServerHelloReader``; BoringSSL's `SSL_session_reused` is not exposed).
/// - The client's first line, for an HTTP request sent in plain text where the handshake was
///   expected (``PlainHTTPRequestLine``): BoringSSL names only some methods (`HTTP_REQUEST`,
///   `HTTPS_PROXY_REQUEST`) and words any other as a bad record.
///
/// It leaves the pipeline once both are answered, which the client's first encrypted record
/// settles (after it, an alert could only be encrypted), or once the client sent an alert; so the
/// requests of a connection never pass through it. It leaves from its inbound side: leaving from inside its own `write` would stall the
/// TLS handler's flight.
final class TLSHandshakeSniffer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let recorder: ConnectionRecorder?
    private var scanner = TLSRecordScanner()
    private var reader = ServerHelloReader()
    private var requestLine = PlainHTTPRequestLine()

    init(recorder: ConnectionRecorder?) {
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if !requestLine.isDone, let method = requestLine.scan(bytes.readableBytesView) {
            recorder?.clientSentPlainHTTP(method: method)
        }
        let alert = scanner.scan(&bytes)
        if let alert { recorder?.clientSentAlert(alert) }
        context.fireChannelRead(data)
        // After an alert the handshake has failed: whether it resumed no longer matters.
        if scanner.isDone, reader.isDone || alert != nil {
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // Whatever the event (the input closed …), the handshake's plaintext part is over.
        scanner.isDone = true
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !reader.isDone, case .byteBuffer(let buffer) = unwrapOutboundIn(data),
            let resumed = reader.read(buffer.readableBytesView)
        {
            recorder?.handshakeResumption(resumed)
        }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension TLSHandshakeSniffer: Sendable {}

/// Finds record boundaries in the client's TLS byte stream and reports the first plaintext alert.
struct TLSRecordScanner {
    /// Stop looking after this many bytes: a handshake is far smaller.
    static let byteLimit = 64 * 1024

    /// How many bytes of the current record's 5-byte header have been read, and what they said.
    private var headerRead = 0
    private var contentType: UInt8 = 0
    private var length = 0
    private var bodyRemaining = 0
    /// In a plaintext alert record (type 21, length 2): the bytes of its body read so far.
    private var alertBytesRead: Int?
    private var seen = 0
    var isDone = false

    /// Scans `bytes` (consuming a copy); returns an alert's name once one is complete. Stops at the
    /// first application-data record: the client has switched to its keys, and any alert after it
    /// is encrypted.
    mutating func scan(_ bytes: inout ByteBuffer) -> String? {
        guard !isDone else { return nil }
        seen += bytes.readableBytes
        if seen > Self.byteLimit { isDone = true }
        while bytes.readableBytes > 0 {
            if bodyRemaining > 0 {
                guard let read = alertBytesRead else {
                    // Not an alert: skip the rest of the record's body at once.
                    let skipped = min(bodyRemaining, bytes.readableBytes)
                    bytes.moveReaderIndex(forwardBy: skipped)
                    bodyRemaining -= skipped
                    continue
                }
                guard let byte = bytes.readInteger(as: UInt8.self) else { break }
                bodyRemaining -= 1
                alertBytesRead = read + 1
                // The second byte of the alert is its description.
                if bodyRemaining == 0 {
                    isDone = true
                    return TLSAlert.name(of: byte)
                }
                continue
            }
            guard let byte = bytes.readInteger(as: UInt8.self) else { break }
            switch headerRead {
            case 0: contentType = byte
            case 3: length = Int(byte) << 8
            case 4: length |= Int(byte)
            default: break
            }
            headerRead += 1
            guard headerRead == 5 else { continue }
            headerRead = 0
            bodyRemaining = length
            // Content type 23 is application data: encrypted from here on.
            if contentType == 23 {
                isDone = true
                return nil
            }
            // Content type 21 is an alert; a plaintext one is exactly level + description.
            alertBytesRead = contentType == 21 && length == 2 ? 0 : nil
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
