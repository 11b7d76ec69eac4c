/// What the harness's revocation service says about one certificate, in its CRL and from its OCSP
/// responder alike (a real CA's CRL and responder agree).
package enum RevocationStatus: String, Sendable, Hashable, Codable {
    /// Not revoked: absent from the CRL, `good` from the responder.
    case good
    /// Revoked (reason unspecified): listed in the CRL, `revoked` from the responder.
    case revoked
    /// Unknown to the responder (`unknown`, RFC 6960 §2.2), and absent from the CRL.
    case unknown
}
