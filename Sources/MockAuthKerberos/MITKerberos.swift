import Foundation
import MockAuth
import MockAuthCommands
import MockAuthScenario
import MockAuthSchemes

/// Starts each run's Kerberos realm with MIT Kerberos's own programs, under the supervised runner:
/// a database and keytabs made with `kdb5_util` and `kadmin.local`, `krb5kdc` on a loopback port,
/// and the account's ticket-granting ticket from `kinit`, all in a directory of the run's that
/// ``MITKerberosRealm/stop()`` deletes. The machine's own Kerberos configuration is never read or
/// written: every program is given the realm's files in its environment.
package struct MITKerberos: KerberosRealmProvider {
    /// How long each step may take (the KDC answers on loopback in milliseconds).
    static let stepTimeout: Duration = .seconds(20)
    /// How many times `kinit` is tried while the KDC starts, 100 ms apart.
    static let kinitAttempts = 50

    package init() {}

    package func startRealm(_ plan: KerberosRealmPlan) async throws -> any KerberosRealm {
        let tools = try KerberosTools.find()
        let library = try GSSAPILibrary.shared()
        for character in plan.account.password + plan.account.username where character == "\"" || character.isNewline {
            throw KerberosError("the account's name and password may not hold a double quote or a line break")
        }
        // Bounded: another process may take the chosen port before the KDC binds it.
        var lastError: (any Error)?
        for _ in 0..<3 {
            guard let port = LoopbackPort.free() else { throw KerberosError("no free loopback port for the KDC") }
            let directory = try KerberosRealmDirectories.make()
            let configuration = KerberosRealmConfiguration(plan: plan, directory: directory, port: port)
            do {
                return try await MITKerberosRealm.start(configuration, tools: tools, library: library)
            } catch let error as KDCNotReady {
                lastError = error.underlying
            }
        }
        throw lastError ?? KerberosError("the KDC did not start")
    }
}
