import X509

/// How a server asks for a client certificate: which CA it trusts, whether a client without one may
/// proceed, and whether its request names that CA (`certificate_authorities`).
package struct ClientCertificateRequest: Sendable, Hashable {
    /// The CA whose certificates the server accepts; a presented certificate that does not chain to
    /// it ends the handshake with an alert.
    package var trusted: Certificate
    /// Whether the handshake fails without a certificate (`false`: requested, not required).
    package var required: Bool
    /// Whether the request names ``trusted`` as the acceptable CA (an empty list otherwise).
    package var namesTrustedCA: Bool

    package init(trusted: Certificate, required: Bool, namesTrustedCA: Bool) {
        self.trusted = trusted
        self.required = required
        self.namesTrustedCA = namesTrustedCA
    }
}
