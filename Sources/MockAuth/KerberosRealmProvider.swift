import MockAuthScenario
import MockAuthSchemes

/// Starts the Kerberos realm a scenario needs (``KerberosRealmPlan``): a KDC of its own, the
/// service keys its servers verify tickets with, and a ticket-granting ticket for its client. The
/// library itself starts none (it runs where processes cannot, on iOS); MockAuthKerberos provides
/// one on macOS and Linux, which `mockauthd` passes to every run.
package protocol KerberosRealmProvider: Sendable {
    /// Starts `plan`'s realm; throws with what is missing (the KDC's programs) or what failed.
    func startRealm(_ plan: KerberosRealmPlan) async throws -> any KerberosRealm
}

/// A running realm: what the client is given, what the servers verify with, and its end.
package protocol KerberosRealm: Sendable {
    /// The `krb5.conf` a client uses (`MOCKAUTH_KRB5_CONFIG`).
    var clientConfiguration: String { get }
    /// The account's credential cache after the harness's `kinit` (`MOCKAUTH_KRB5CCNAME`).
    var credentialCache: [UInt8] { get }
    /// The acceptor holding `service`'s key; `nil` when the realm issues no tickets for it.
    func acceptor(for service: KerberosRealmPlan.Service) -> (any KerberosAcceptor)?
    /// Adds service principals the realm issues tickets for without any server holding their key:
    /// `HTTP/<host>:<port>`, once the servers' ports are known, so that a client that builds its
    /// service principal with the port gets a ticket, and the server names what it was for.
    func registerDecoys(_ principals: [String]) async throws
    /// Stops the KDC and deletes everything the realm wrote. Called once.
    func stop() async
}
