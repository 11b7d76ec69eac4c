/// What a `Negotiate` (RFC 4559) server accepts: NTLM inside SPNEGO, as Windows servers without Kerberos do.
package struct NegotiateConfiguration: Sendable, Equatable {
    /// The NTLM account and policy used to verify the embedded NTLM messages.
    package var ntlm: NTLMConfiguration
    /// Accept raw NTLMSSP tokens (no SPNEGO wrapping) inside `Negotiate`, as some clients send.
    package var acceptRawNTLMSSP: Bool
    /// Who challenges: a proxy puts its tokens in `Proxy-Authenticate`, an origin in `WWW-Authenticate`.
    package var side: ChallengeSide

    /// Creates a configuration.
    package init(ntlm: NTLMConfiguration, acceptRawNTLMSSP: Bool = true, side: ChallengeSide = .origin) {
        self.ntlm = ntlm
        self.acceptRawNTLMSSP = acceptRawNTLMSSP
        self.side = side
    }
}
