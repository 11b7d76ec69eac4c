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
    /// it. Host names are used as given: no DNS canonicalisation and no reverse lookup, so that the
    /// service principal a client asks for is the one its own code builds.
    var clientConfiguration: String {
        let hosts = plan.services.map { " \($0.hostName) = \(plan.realm)" }.joined(separator: "\n")
        return """
            [libdefaults]
             default_realm = \(plan.realm)
             dns_lookup_kdc = false
             dns_lookup_realm = false
             dns_canonicalize_hostname = false
             rdns = false
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
