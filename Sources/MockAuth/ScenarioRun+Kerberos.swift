import MockAuthScenario
import MockAuthSchemes
import MockAuthServer

extension ScenarioRun {
    /// How each server of `plan` verifies tickets: the realm's acceptor for its key, the service
    /// principal its tickets must name, and the reply its scenario asks for. A server whose realm
    /// issues no tickets for it (`issues-tickets: false`) has none: it speaks NTLM inside SPNEGO.
    static func verifications(
        _ scenario: Scenario, plan: KerberosRealmPlan, realm: (any KerberosRealm)?
    ) -> [String: KerberosVerification] {
        var verifications: [String: KerberosVerification] = [:]
        for service in plan.services {
            guard let acceptor = realm?.acceptor(for: service),
                let spec = scenario.server(service.server)?.auth?.kerberos
            else { continue }
            verifications[service.server] = KerberosVerification(
                acceptor: acceptor, servicePrincipal: service.principal(in: plan.realm), reply: spec.reply)
        }
        return verifications
    }
}

extension ScenarioServer {
    /// The port each Kerberos server of `plan` listens on, by server: what the realm's decoy
    /// principals name (``KerberosRealmPlan/decoyPrincipals(ports:)``).
    func ports(of plan: KerberosRealmPlan) -> [String: Int] {
        var ports: [String: Int] = [:]
        for service in plan.services { ports[service.server] = endpoint(service.server)?.port }
        return ports
    }
}
