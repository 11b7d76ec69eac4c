/// What a `Negotiate` (RFC 4559) server accepts: NTLM inside SPNEGO, as Windows servers without Kerberos do.
public struct NegotiateConfiguration: Sendable, Equatable {
    /// The NTLM account and policy used to verify the embedded NTLM messages.
    public var ntlm: NTLMConfiguration
    /// Accept raw NTLMSSP tokens (no SPNEGO wrapping) inside `Negotiate`, as some clients send.
    public var acceptRawNTLMSSP: Bool
    /// Put the final token in `Proxy-Authenticate` instead of `WWW-Authenticate`.
    public var isProxy: Bool

    /// Creates a configuration.
    public init(ntlm: NTLMConfiguration, acceptRawNTLMSSP: Bool = true, isProxy: Bool = false) {
        self.ntlm = ntlm
        self.acceptRawNTLMSSP = acceptRawNTLMSSP
        self.isProxy = isProxy
    }
}
