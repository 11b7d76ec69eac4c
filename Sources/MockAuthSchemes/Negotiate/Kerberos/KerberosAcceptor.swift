/// Verifies a Kerberos AP-REQ against the key of the service it names (a keytab the harness wrote)
/// and makes the AP-REP that answers it: the platform's GSS-API behind this protocol, so that the
/// scheme machines stay free of it (MockAuthKerberos implements it on macOS and Linux).
///
/// Implementations are called on a server's event loop, once per token, and must not block on the
/// network: acceptance needs only the keytab.
package protocol KerberosAcceptor: AnyObject, Sendable {
    /// Accepts a GSS-API initial context token of the Kerberos mechanism (the client's AP-REQ).
    func accept(_ initialContextToken: [UInt8]) -> KerberosAcceptance
}

/// What an acceptor made of an AP-REQ.
package enum KerberosAcceptance: Sendable, Equatable {
    /// The ticket decrypted with the service's key and the authenticator verified: the client is
    /// `clientPrincipal`; `delegated` when it forwarded its ticket-granting ticket; `replyToken` is the
    /// AP-REP (a GSS-API token) to send back when the client asked for mutual authentication.
    case accepted(clientPrincipal: String, delegated: Bool, replyToken: [UInt8]?)
    /// Not verified, with the GSS-API's reason in words.
    case rejected(reason: String)
}
