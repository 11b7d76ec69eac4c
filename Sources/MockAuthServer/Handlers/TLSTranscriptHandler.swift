import MockAuthPKI
import MockAuthTranscript
import NIOCore
import NIOSSL
import NIOTLS
import X509

/// Records how the TLS handshake ended (completed, the client's alert, the server's error), the
/// server's certificate request and the client certificate, then forwards every event unchanged.
///
/// Once a completed handshake is recorded it has nothing left to do (a later error changes no
/// record), so it leaves the pipeline: the requests of a connection never pass through it.
final class TLSTranscriptHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let recorder: ConnectionRecorder?
    private let certificateRequest: CertificateRequestRecord?
    private var handshakeRecorded = false

    /// - Parameters:
    ///   - recorder: the connection's record; `nil` where the listener keeps no transcript.
    ///   - certificateRequest: the certificate request the server sends, if it asks for one.
    init(recorder: ConnectionRecorder?, certificateRequest: CertificateRequestRecord? = nil) {
        self.recorder = recorder
        self.certificateRequest = certificateRequest
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let recorder, case TLSUserEvent.handshakeCompleted = event, !handshakeRecorded {
            handshakeRecorded = true
            // The server's verification settings reject any client certificate that does not chain
            // to the CA it trusts, so one that reached a completed handshake was verified.
            recorder.handshakeEnded(
                TLSHandshakeRecord(
                    state: .completed, clientCertificate: clientCertificate(context: context, verified: true),
                    certificateRequest: certificateRequest))
            context.fireUserInboundEventTriggered(event)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// An error while the connection is open ends the handshake as failed. One reported once the
    /// channel is inactive is the close itself (NIOSSL's "EOF during handshake"): the connection's
    /// end (``ConnectionLifetime``) settles the handshake then, abandoned, or failed when the client
    /// sent an alert.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let recorder, !handshakeRecorded, context.channel.isActive {
            handshakeRecorded = true
            var record = Self.failedHandshake(error, certificateRequest: certificateRequest)
            if record.clientCertificateRefusal == .untrusted {
                record.clientCertificate = clientCertificate(context: context, verified: false)
            }
            recorder.handshakeEnded(record)
        }
        context.fireErrorCaught(error)
    }

    /// The certificate the client presented; none without looking when the server asked for none
    /// (a client cannot send one then).
    private func clientCertificate(context: ChannelHandlerContext, verified: Bool) -> ClientCertificateRecord? {
        guard certificateRequest != nil,
            let handler = try? context.pipeline.syncOperations.handler(type: NIOSSLServerHandler.self),
            let peer = handler.peerCertificate,
            let der = try? peer.toDERBytes(),
            let certificate = try? Certificate(derEncoded: der)
        else { return nil }
        return ClientCertificateRecord(
            subject: certificate.subject.description, issuer: certificate.issuer.description,
            sha256Fingerprint: certificate.sha256Fingerprint, verified: verified)
    }

    /// A failed handshake's record on a server that sends `certificateRequest`: the alert and error,
    /// and whether the server refused the client's certificate.
    static func failedHandshake(_ error: any Error, certificateRequest: CertificateRequestRecord?)
        -> TLSHandshakeRecord
    {
        var record = failedHandshake(error)
        guard let certificateRequest else { return record }
        record.certificateRequest = certificateRequest
        record.clientCertificateRefusal =
            reasonCodes(error).lazy.compactMap(clientCertificateRefusal(fromReason:))
            .first
        return record
    }

    /// `PEER_DID_NOT_RETURN_A_CERTIFICATE` → `.missing`, `CERTIFICATE_VERIFY_FAILED` → `.untrusted`
    /// (a server verifies no other certificate); `nil` for any other reason.
    static func clientCertificateRefusal(fromReason reason: String) -> ClientCertificateRefusal? {
        switch reason {
        case "PEER_DID_NOT_RETURN_A_CERTIFICATE": .missing
        case "CERTIFICATE_VERIFY_FAILED": .untrusted
        default: nil
        }
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
