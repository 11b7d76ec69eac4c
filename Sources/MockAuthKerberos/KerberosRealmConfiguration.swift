import MockAuthScenario

/// The configuration files of a run's realm, all inside its directory: the KDC's profile
/// (`kdc.conf`) and the `krb5.conf` the harness's tools and the client share. Nothing refers to the
/// machine's own Kerberos configuration, and no name is looked up in DNS.
struct KerberosRealmConfiguration: Sendable, Equatable {
    var plan: KerberosRealmPlan
    /// The run's directory.
    var directory: String
    /// The loopback port the KDC listens on, UDP and TCP.
    var port: Int

    /// The KDC's profile: its database, stash and log in the directory, listening on loopback only.
    var kdcProfile: String {
        """
        [kdcdefaults]
         kdc_listen = 127.0.0.1:\(port)
         kdc_tcp_listen = 127.0.0.1:\(port)

        [realms]
         \(plan.realm) = {
          database_name = \(directory)/principal
          key_stash_file = \(directory)/stash
          acl_file = \(directory)/kadm5.acl
          max_life = 1h
          max_renewable_life = 0
         }

        [logging]
         kdc = FILE:\(directory)/kdc.log

        """
    }

    /// The client's `krb5.conf`: the realm as the default, its KDC, and each server's name mapped to
    /// it. Host names are used as given (no DNS canonicalisation, no reverse lookup: the service
    /// principal a client asks for is the one its own code builds), except that where a server's
    /// name is an alias the library's own canonicalisation default is left as it is: that is what
    /// such a scenario tests (``KerberosRealmPlan/leavesCanonicalizationToClients``).
    var clientConfiguration: String {
        let names = plan.services.flatMap { [$0.hostName] + ($0.canonicalName.map { [$0] } ?? []) }
        let hosts = names.map { " \($0) = \(plan.realm)" }.joined(separator: "\n")
        // Left to the client's library where the scenario tests it (a host that is an alias).
        let canonicalization =
            plan.leavesCanonicalizationToClients ? "" : " dns_canonicalize_hostname = false\n"
        return """
            [libdefaults]
             default_realm = \(plan.realm)
             dns_lookup_kdc = false
             dns_lookup_realm = false
            \(canonicalization) rdns = false
             forwardable = true

            [realms]
             \(plan.realm) = {
              kdc = 127.0.0.1:\(port)
             }

            [domain_realm]
            \(hosts)

            """
    }

    /// The keytab holding `service`'s key.
    func keytabPath(_ service: KerberosRealmPlan.Service) -> String { "\(directory)/\(service.hostName).keytab" }

    /// The keytab with the account's own key, which the harness's `kinit` reads.
    var clientKeytabPath: String { "\(directory)/client.keytab" }

    /// The credential cache the harness's `kinit` writes.
    var credentialCachePath: String { "\(directory)/client.ccache" }
}
