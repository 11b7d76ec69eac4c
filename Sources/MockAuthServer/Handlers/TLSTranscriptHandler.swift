import MockAuthPKI
import MockAuthTranscript
import NIOCore
import NIOSSL
import NIOTLS
import X509

/// Records how the TLS handshake ended (completed, the client's alert, the server's error) and the
/// client certificate, then forwards every event unchanged.
final class TLSTranscriptHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let recorder: ConnectionRecorder
    private var handshakeRecorded = false

    init(recorder: ConnectionRecorder) {
        self.recorder = recorder
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event, !handshakeRecorded {
            handshakeRecorded = true
            recorder.handshakeEnded(
                TLSHandshakeRecord(state: .completed, clientCertificate: clientCertificate(context: context)))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !handshakeRecorded {
            handshakeRecorded = true
            recorder.handshakeEnded(Self.failedHandshake(error))
        }
        context.fireErrorCaught(error)
    }

    private func clientCertificate(context: ChannelHandlerContext) -> ClientCertificateRecord? {
        guard let handler = try? context.pipeline.syncOperations.handler(type: NIOSSLServerHandler.self),
            let peer = handler.peerCertificate,
            let der = try? peer.toDERBytes(),
            let certificate = try? Certificate(derEncoded: der)
        else { return nil }
        // The server's verification settings reject any client certificate that does not chain to
        // the harness client CA, so one that reached a completed handshake was verified.
        return ClientCertificateRecord(
            subject: certificate.subject.description, issuer: certificate.issuer.description,
            sha256Fingerprint: certificate.sha256Fingerprint, verified: true)
    }

    /// Turns a handshake error into a record: the alert the client sent, or the server's reason.
    static func failedHandshake(_ error: any Error) -> TLSHandshakeRecord {
        let reasons = reasonCodes(error)
        if let alert = reasons.lazy.compactMap(alertName(fromReason:)).first {
            return TLSHandshakeRecord(state: .failed, alert: alert, error: reasons.first)
        }
        if let first = reasons.first {
            return TLSHandshakeRecord(state: .failed, error: first)
        }
        return TLSHandshakeRecord(state: .failed, error: String(describing: error))
    }

    /// BoringSSL's reason codes in an error, e.g. `TLSV1_ALERT_UNKNOWN_CA`.
    static func reasonCodes(_ error: any Error) -> [String] {
        // BoringSSL describes each queued error as "error:CODE:LIBRARY:OPENSSL_internal:REASON".
        String(describing: error)
            .split(whereSeparator: { $0 == " " || $0 == "," || $0 == "]" || $0 == "[" || $0 == "\"" })
            .filter { $0.contains("OPENSSL_internal:") }
            .compactMap { $0.split(separator: ":").last.map(String.init) }
    }

    /// `SSLV3_ALERT_CERTIFICATE_EXPIRED` → `certificate_expired`; `nil` when the reason is no alert.
    static func alertName(fromReason reason: String) -> String? {
        guard let range = reason.range(of: "ALERT_") else { return nil }
        return reason[range.upperBound...].lowercased()
    }
}

@available(*, unavailable)
extension TLSTranscriptHandler: Sendable {}
