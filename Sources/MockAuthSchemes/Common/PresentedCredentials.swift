import MockAuthVocabulary

/// What a client presented, as far as the scheme could tell, and whether it verified.
package struct PresentedCredentials: Sendable, Equatable {
    /// The scheme the client used.
    package var scheme: HTTPAuthScheme
    /// The user name as the client sent it (for Digest `userhash`, the resolved configured name when it matched).
    package var username: String?
    /// The domain the client sent (NTLM), if any.
    package var domain: String?
    /// The workstation the client sent (NTLM), if any.
    package var workstation: String?
    /// The realm the client sent (Basic uses the configured realm), if any.
    package var realm: String?
    /// The Digest `algorithm` token the client sent, as it spelt it (`MD5` when it sent none), if any.
    package var algorithm: String?
    /// `true` only when the credentials were checked and are correct.
    package var verified: Bool
    /// Human-readable details, e.g. `"Digest SHA-256 qop=auth nc=00000001"` or `"NTLMv2"`.
    package var detail: String
    /// Which nonce a Digest answer used, once the server looked it up; `nil` for the other schemes.
    package var digestNonce: DigestNonceUse?
    /// What the server read of a Kerberos ticket (Negotiate), if the client sent one.
    package var kerberos: KerberosTicket?

    /// Creates a description of presented credentials.
    package init(
        scheme: HTTPAuthScheme,
        username: String? = nil,
        domain: String? = nil,
        workstation: String? = nil,
        realm: String? = nil,
        algorithm: String? = nil,
        verified: Bool,
        detail: String,
        digestNonce: DigestNonceUse? = nil
    ) {
        self.scheme = scheme
        self.username = username
        self.domain = domain
        self.workstation = workstation
        self.realm = realm
        self.algorithm = algorithm
        self.verified = verified
        self.detail = detail
        self.digestNonce = digestNonce
    }
}
