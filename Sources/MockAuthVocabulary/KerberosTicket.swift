/// What a server read of a Kerberos ticket a client presented inside `Negotiate`
/// (`AuthRecord.kerberos`): the names and flags, never a key or any ticket content.
public struct KerberosTicket: Sendable, Codable, Hashable {
    /// The service principal the ticket was issued for, as the client asked its KDC for it
    /// (`HTTP/www.test@REALM`): read from the AP-REQ's ticket, which carries it in the clear.
    public var servicePrincipal: String
    /// The client principal (`alice@REALM`), once the server has decrypted the ticket; `nil` when it
    /// could not (a ticket for another service, a key it lacks).
    public var clientPrincipal: String?
    /// Whether the client asked for mutual authentication (the AP-REQ's `mutual-required` option):
    /// it then must check the server's answer token.
    public var mutualRequested: Bool
    /// Whether the client forwarded its ticket-granting ticket with the ticket (GSS-API credential
    /// delegation, `GSS_C_DELEG_FLAG`), once the server has decrypted the authenticator.
    public var delegated: Bool

    /// Creates a record.
    public init(servicePrincipal: String, clientPrincipal: String? = nil, mutualRequested: Bool, delegated: Bool) {
        self.servicePrincipal = servicePrincipal
        self.clientPrincipal = clientPrincipal
        self.mutualRequested = mutualRequested
        self.delegated = delegated
    }
}
