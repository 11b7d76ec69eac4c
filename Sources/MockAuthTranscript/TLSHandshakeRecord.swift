/// How the TLS handshake on one connection ended.
public struct TLSHandshakeRecord: Sendable, Codable, Hashable {
    /// Where a handshake got to.
    public enum State: String, Sendable, Codable, Equatable, CaseIterable {
        /// Both sides finished the handshake.
        case completed
        /// The handshake failed: see ``TLSHandshakeRecord/alert`` and ``TLSHandshakeRecord/error``.
        case failed
        /// The connection closed before the handshake finished, without an alert.
        case abandoned
        /// The handshake has not finished yet (the connection is still open).
        case inProgress = "in-progress"
    }

    public var state: State
    /// The TLS alert the client sent when it aborted the handshake, in RFC 8446 spelling
    /// (`unknown_ca`, `certificate_expired`, `bad_certificate` …).
    public var alert: String?
    /// The server-side error, when the handshake failed for another reason
    /// (e.g. `PEER_DID_NOT_RETURN_A_CERTIFICATE`, `WRONG_VERSION_NUMBER`).
    public var error: String?
    /// The certificate the client presented, if it presented one.
    public var clientCertificate: ClientCertificateRecord?
    /// Whether the client resumed a session the server issued before (an abbreviated handshake),
    /// once the server's hello has shown it; `nil` before, or when the handshake never got there.
    public var resumed: Bool?
    /// The certificate request the server sent, when it asks clients for a certificate.
    public var certificateRequest: CertificateRequestRecord?
    /// Why the server ended the handshake over the client's certificate, when it did.
    public var clientCertificateRefusal: ClientCertificateRefusal?
    /// The method of an HTTP/1 request line the client sent in plain text where its TLS handshake
    /// was expected (`GET`, `CONNECT` …): it was given, or chose, an `http://` URL for a TLS port.
    /// Only the method is kept: the target and the fields that followed may carry secrets.
    public var plainHTTPMethod: String?
    /// The protocol the server speaks alone (`h2`, the only one it offers by ALPN) when the
    /// client's handshake did not choose it: the handshake completed, and the server closed the
    /// connection unanswered.
    public var missingProtocol: String?

    package init(
        state: State,
        alert: String? = nil,
        error: String? = nil,
        clientCertificate: ClientCertificateRecord? = nil,
        resumed: Bool? = nil,
        certificateRequest: CertificateRequestRecord? = nil,
        clientCertificateRefusal: ClientCertificateRefusal? = nil,
        plainHTTPMethod: String? = nil,
        missingProtocol: String? = nil
    ) {
        self.state = state
        self.alert = alert
        self.error = error
        self.clientCertificate = clientCertificate
        self.resumed = resumed
        self.certificateRequest = certificateRequest
        self.clientCertificateRefusal = clientCertificateRefusal
        self.plainHTTPMethod = plainHTTPMethod
        self.missingProtocol = missingProtocol
    }
}

/// The CertificateRequest a server sends: whether a certificate is required, and the CAs it names.
public struct CertificateRequestRecord: Sendable, Codable, Hashable {
    /// Whether the server ends the handshake when the client sends no certificate.
    public var required: Bool
    /// The distinguished names of the CAs the request names (`certificate_authorities`), e.g.
    /// `CN=MockAuth Client CA,O=MockAuth`; empty when it names none (any CA may do).
    public var authorities: [String]

    package init(required: Bool, authorities: [String]) {
        self.required = required
        self.authorities = authorities
    }
}

/// Why a server ended a handshake over the client's certificate.
public enum ClientCertificateRefusal: String, Sendable, Codable, Hashable, CaseIterable {
    /// The server requires a certificate and the client sent none.
    case missing
    /// The client sent a certificate that does not chain to the CA the server trusts.
    case untrusted
}

/// A client certificate presented during a handshake.
public struct ClientCertificateRecord: Sendable, Codable, Hashable {
    /// The subject distinguished name, e.g. `CN=MockAuth Client,O=MockAuth`.
    public var subject: String
    /// The issuer distinguished name.
    public var issuer: String
    /// Hex SHA-256 of the certificate's DER encoding.
    public var sha256Fingerprint: String
    /// Whether the server verified it against the client CA it trusts (`false`: it refused it).
    public var verified: Bool

    package init(subject: String, issuer: String, sha256Fingerprint: String, verified: Bool) {
        self.subject = subject
        self.issuer = issuer
        self.sha256Fingerprint = sha256Fingerprint
        self.verified = verified
    }
}
