import MockAuthVocabulary

/// The Kerberos realm a scenario needs (its servers with `kerberos:`): the account's principal and
/// one service principal per such server. A run starts a KDC from it (MockAuthKerberos).
package struct KerberosRealmPlan: Sendable, Equatable {
    /// One service the KDC issues tickets for.
    package struct Service: Sendable, Equatable {
        /// The scenario's server.
        package var server: String
        /// The host name clients reach it by (`www.test`): the service principal is `HTTP/<host>`.
        package var hostName: String
        /// Whether the KDC issues tickets for it at all (``KerberosSpec/issuesTickets``).
        package var issuesTickets: Bool
        /// Whether the KDC marks it `ok_as_delegate`.
        package var trustedForDelegation: Bool

        /// The service principal, in `realm`.
        package func principal(in realm: String) -> String { "HTTP/\(hostName)@\(realm)" }
    }

    /// The realm's name (`MOCKAUTH-1A2B3C4D.TEST`): one per run, so that runs side by side never share one.
    package var realm: String
    /// The account clients authenticate as; its principal is `username@realm`.
    package var account: Account
    /// The services, in scenario order.
    package var services: [Service]

    package init(realm: String, account: Account, services: [Service]) {
        self.realm = realm
        self.account = account
        self.services = services
    }

    /// The account's principal: `alice@REALM`.
    package var clientPrincipal: String { "\(account.username)@\(realm)" }

    /// A realm name no other run uses: `MOCKAUTH-` and 8 random hexadecimal digits, under `.TEST`.
    package static func freshRealmName() -> String {
        let digits = String(UInt32.random(in: .min ... .max), radix: 16, uppercase: true)
        return "MOCKAUTH-" + String(repeating: "0", count: 8 - digits.count) + digits + ".TEST"
    }
}

extension Scenario {
    /// The realm this scenario's Kerberos servers need, named `realm`; `nil` when no server speaks
    /// Kerberos. The account is the first Kerberos server's (the loader gives each its own, and a
    /// realm has one user: scenarios with Kerberos on several servers use the same account).
    package func kerberosRealmPlan(realm: String) -> KerberosRealmPlan? {
        let services = servers.compactMap { server -> (KerberosRealmPlan.Service, Account)? in
            guard let auth = server.auth, let kerberos = auth.kerberos, let hostName = server.host.resolvedName else {
                return nil
            }
            let service = KerberosRealmPlan.Service(
                server: server.id, hostName: hostName, issuesTickets: kerberos.issuesTickets,
                trustedForDelegation: kerberos.trustedForDelegation)
            return (service, auth.account)
        }
        guard let account = services.first?.1 else { return nil }
        return KerberosRealmPlan(realm: realm, account: account, services: services.map(\.0))
    }
}
