import MockAuth
import MockAuthScenario
import MockAuthSchemes

/// A realm provider for tests about everything but Kerberos (the material of every scenario, its
/// schema, its forms): it starts no KDC and verifies no ticket, and gives a client a `krb5.conf`
/// naming the plan's realm and a credential cache of a few placeholder bytes. The Kerberos tests
/// use the real one (MockAuthKerberos's `MITKerberos`).
package struct StandInKerberos: KerberosRealmProvider {
    package init() {}

    package func startRealm(_ plan: KerberosRealmPlan) async throws -> any KerberosRealm {
        StandInRealm(plan: plan)
    }

    private struct StandInRealm: KerberosRealm {
        let plan: KerberosRealmPlan

        var clientConfiguration: String { "[libdefaults]\n default_realm = \(plan.realm)\n" }
        var credentialCache: [UInt8] { [0x05, 0x04] }
        func acceptor(for service: KerberosRealmPlan.Service) -> (any KerberosAcceptor)? { nil }
        func registerDecoys(_ principals: [String]) async throws {}
        func stop() async {}
    }
}
