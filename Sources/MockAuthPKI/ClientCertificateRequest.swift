import X509

/// How a server asks for a client certificate: which CA it trusts, whether a client without one may
/// proceed, and whether its request names that CA (`certificate_authorities`).
public struct ClientCertificateRequest: Sendable, Hashable {
    /// The CA whose certificates the server accepts; a presented certificate that does not chain to
    /// it ends the handshake with an alert.
    public var trusted: Certificate
    /// Whether the handshake fails without a certificate (`false`: requested, not required).
    public var required: Bool
    /// Whether the request names ``trusted`` as the acceptable CA (an empty list otherwise).
    public var namesTrustedCA: Bool

    public init(trusted: Certificate, required: Bool, namesTrustedCA: Bool) {
        self.trusted = trusted
        self.required = required
        self.namesTrustedCA = namesTrustedCA
    }
}
