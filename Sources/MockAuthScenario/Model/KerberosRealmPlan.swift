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
        /// The name the host is an alias of (the server's `canonical-name`), if any.
        package var canonicalName: String?

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

    /// Whether a client's Kerberos library is left its own default for canonicalising host names
    /// (MIT 1.18 and later: `fallback`, the name as typed first): when a server's name is an alias
    /// (`canonical-name`), which is what such a scenario tests. Otherwise the realm's `krb5.conf`
    /// turns it off, so that the service principal is the one the client's own code builds.
    package var leavesCanonicalizationToClients: Bool { services.contains { $0.canonicalName != nil } }

    /// The service principals the realm issues tickets for although no server holds their key, once
    /// the servers listen on `ports` (by server): `HTTP/<host>:<port>`, and `HTTP/<canonical name>`
    /// for a host that is an alias, so that a client that builds either gets a ticket the server
    /// refuses and names, rather than failing at the KDC unseen.
    package func decoyPrincipals(ports: [String: Int]) -> [String] {
        services.filter(\.issuesTickets).flatMap { service -> [String] in
            let port = ports[service.server].map { ["HTTP/\(service.hostName):\($0)@\(realm)"] } ?? []
            let canonical = service.canonicalName.map { ["HTTP/\($0)@\(realm)"] } ?? []
            return port + canonical
        }
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
                trustedForDelegation: kerberos.trustedForDelegation, canonicalName: server.canonicalName)
            return (service, auth.account)
        }
        guard let account = services.first?.1 else { return nil }
        return KerberosRealmPlan(realm: realm, account: account, services: services.map(\.0))
    }
}
