import MockAuthVocabulary

/// What an authenticating server made of one request's credentials.
public struct AuthRecord: Sendable, Codable, Hashable {
    /// What the server decided about the request's credentials (the vocabulary's ``AuthOutcome``,
    /// which the scheme machines' decisions carry too).
    public typealias Decision = AuthOutcome

    public var decision: Decision
    /// `Authorization` or `Proxy-Authorization`.
    public var header: String
    /// The protection space's realm.
    public var realm: String
    /// The HTTP schemes the server offers there, in challenge order.
    public var offered: [HTTPAuthScheme]
    /// The scheme token of the credentials the client sent, as it spelt it, whether the server
    /// offered that scheme or not; `nil` when the request carried no credentials header.
    public var scheme: String?
    /// The user name the client presented, if it could be read.
    public var username: String?
    /// The NTLM domain and workstation the client presented.
    public var domain: String?
    public var workstation: String?
    /// The Digest algorithm the client answered with, as it spelt it (`MD5` when it named none);
    /// `nil` for the other schemes.
    public var algorithm: String?
    /// The server's reasoning in words ("wrong password for user alice", "nonce expired (stale)").
    public var reason: String
    /// Which nonce a Digest answer used (one from a challenge, a `nextnonce`, one a nextnonce replaced
    /// …), when the server got as far as looking it up; `nil` for the other schemes.
    public var digestNonce: DigestNonceUse?
    /// What the server read of the Kerberos ticket a `Negotiate` token carried (the principals and
    /// flags, never key or ticket content); `nil` without one.
    public var kerberos: KerberosTicket?

    package init(
        decision: Decision, header: String, realm: String, offered: [HTTPAuthScheme], scheme: String? = nil,
        username: String? = nil, domain: String? = nil, workstation: String? = nil, algorithm: String? = nil,
        reason: String = "", digestNonce: DigestNonceUse? = nil, kerberos: KerberosTicket? = nil
    ) {
        self.decision = decision
        self.header = header
        self.realm = realm
        self.offered = offered
        self.scheme = scheme
        self.username = username
        self.domain = domain
        self.workstation = workstation
        self.algorithm = algorithm
        self.reason = reason
        self.digestNonce = digestNonce
        self.kerberos = kerberos
    }

    /// Whether the client sent credentials with this request.
    package var carriedCredentials: Bool { scheme != nil || decision == .malformed }
}
