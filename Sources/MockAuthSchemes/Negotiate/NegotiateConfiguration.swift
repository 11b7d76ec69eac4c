/// What a `Negotiate` (RFC 4559) server accepts: NTLM inside SPNEGO, as Windows servers without Kerberos do.
package struct NegotiateConfiguration: Sendable, Equatable {
    /// The NTLM account and policy used to verify the embedded NTLM messages.
    package var ntlm: NTLMConfiguration
    /// Accept raw NTLMSSP tokens (no SPNEGO wrapping) inside `Negotiate`, as some clients send.
    package var acceptRawNTLMSSP: Bool
    /// Put the final token in `Proxy-Authenticate` instead of `WWW-Authenticate`.
    package var isProxy: Bool

    /// Creates a configuration.
    package init(ntlm: NTLMConfiguration, acceptRawNTLMSSP: Bool = true, isProxy: Bool = false) {
        self.ntlm = ntlm
        self.acceptRawNTLMSSP = acceptRawNTLMSSP
        self.isProxy = isProxy
    }
}
