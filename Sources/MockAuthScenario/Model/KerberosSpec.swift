import MockAuthSchemes

/// A `Negotiate` protection space that speaks Kerberos (`kerberos:` in its auth section): the run
/// starts a KDC for a realm of its own, with the account's principal and, for each such server, a
/// service principal `HTTP/<host>` whose key the server verifies tickets with. NTLM inside SPNEGO
/// stays accepted beside it, as servers in a Windows domain accept it.
package struct KerberosSpec: Sendable, Equatable {
    /// Whether the KDC knows the server's service principal; `false`: a client gets no ticket for
    /// it, and must fall back to what else the server offers (NTLM inside SPNEGO).
    package var issuesTickets: Bool
    /// Whether the KDC marks the service principal trusted for delegation (`ok_as_delegate`): a
    /// client that follows the realm's policy forwards its ticket-granting ticket only to those.
    package var trustedForDelegation: Bool
    /// The AP-REP the server answers a ticket with (``KerberosReply/forged``: one a client that
    /// checks mutual authentication refuses).
    package var reply: KerberosReply

    /// Creates a spec; the defaults are a realm that issues tickets, trusts no server for
    /// delegation, and answers genuinely.
    package init(issuesTickets: Bool = true, trustedForDelegation: Bool = false, reply: KerberosReply = .genuine) {
        self.issuesTickets = issuesTickets
        self.trustedForDelegation = trustedForDelegation
        self.reply = reply
    }
}
