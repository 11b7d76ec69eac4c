/// What a `Negotiate` (RFC 4559) server accepts: NTLM inside SPNEGO, as Windows servers without Kerberos do,
/// and Kerberos tickets when it has a key (``kerberos``), as servers in a realm do.
package struct NegotiateConfiguration: Sendable, Equatable {
    /// The NTLM account and policy used to verify the embedded NTLM messages.
    package var ntlm: NTLMConfiguration
    /// Accept raw NTLMSSP tokens (no SPNEGO wrapping) inside `Negotiate`, as some clients send.
    package var acceptRawNTLMSSP: Bool
    /// Who challenges: a proxy puts its tokens in `Proxy-Authenticate`, an origin in `WWW-Authenticate`.
    package var side: ChallengeSide
    /// How Kerberos tickets are verified; `nil`: the server has no key, and a client offering only
    /// Kerberos is refused.
    package var kerberos: KerberosVerification?

    /// Creates a configuration.
    package init(
        ntlm: NTLMConfiguration, acceptRawNTLMSSP: Bool = true, side: ChallengeSide = .origin,
        kerberos: KerberosVerification? = nil
    ) {
        self.ntlm = ntlm
        self.acceptRawNTLMSSP = acceptRawNTLMSSP
        self.side = side
        self.kerberos = kerberos
    }
}
