import Foundation
import MockAuth
import MockAuthCommands
import MockAuthScenario
import MockAuthSchemes

/// A running realm: its KDC process, its files, and an acceptor per service key.
final class MITKerberosRealm: KerberosRealm {
    let configuration: KerberosRealmConfiguration
    let credentialCache: [UInt8]
    private let kdc: RunningProcess
    private let acceptors: [String: GSSAPIAcceptor]
    private let tools: KerberosTools
    /// The administration tools' environment: the realm's files.
    private let environment: [String: String]

    private init(
        configuration: KerberosRealmConfiguration, credentialCache: [UInt8], kdc: RunningProcess,
        acceptors: [String: GSSAPIAcceptor], tools: KerberosTools, environment: [String: String]
    ) {
        self.tools = tools
        self.environment = environment
        self.configuration = configuration
        self.credentialCache = credentialCache
        self.kdc = kdc
        self.acceptors = acceptors
    }

    var clientConfiguration: String { configuration.clientConfiguration }

    func acceptor(for service: KerberosRealmPlan.Service) -> (any KerberosAcceptor)? {
        acceptors[service.hostName]
    }

    func registerDecoys(_ principals: [String]) async throws {
        for principal in principals {
            try await Self.step(
                [tools.administration, "-r", configuration.plan.realm, "-q", "addprinc -randkey \(principal)"],
                environment, what: "adding a principal (\(principal))")
        }
    }

    func stop() async {
        _ = await kdc.stop()
        KerberosRealmDirectories.remove(configuration.directory)
    }

    /// Writes the realm's files, makes its database and keys, starts its KDC and gets the client's
    /// ticket. On any failure everything started is stopped and the directory removed.
    static func start(
        _ configuration: KerberosRealmConfiguration, tools: KerberosTools, library: GSSAPILibrary
    ) async throws -> MITKerberosRealm {
        let plan = configuration.plan
        let directory = configuration.directory
        var kdc: RunningProcess?
        do {
            let krb5Path = "\(directory)/krb5.conf"
            try Data(configuration.kdcProfile.utf8).write(to: URL(fileURLWithPath: "\(directory)/kdc.conf"))
            try Data(configuration.clientConfiguration.utf8).write(to: URL(fileURLWithPath: krb5Path))
            try Data().write(to: URL(fileURLWithPath: "\(directory)/kadm5.acl"))
            var environment = ProcessInfo.processInfo.environment
            environment["KRB5_CONFIG"] = krb5Path
            environment["KRB5_KDC_PROFILE"] = "\(directory)/kdc.conf"
            environment["KRB5CCNAME"] = "FILE:\(configuration.credentialCachePath)"
            environment["KRB5RCACHETYPE"] = "none"
            let masterPassword = UUID().uuidString
            try await step(
                [tools.databaseUtility, "create", "-s", "-r", plan.realm, "-P", masterPassword], environment,
                what: "creating the realm's database")
            // The client's key in a keytab of its own too (-norandkey: the password's key), so that
            // the harness's kinit reads no password on its standard input.
            var commands = [
                #"addprinc -pw "\#(plan.account.password)" "\#(plan.clientPrincipal)""#,
                #"ktadd -norandkey -k \#(configuration.clientKeytabPath) "\#(plan.clientPrincipal)""#,
            ]
            for service in plan.services where service.issuesTickets {
                let principal = service.principal(in: plan.realm)
                let delegation = service.trustedForDelegation ? "+ok_as_delegate" : "-ok_as_delegate"
                commands.append("addprinc -randkey \(delegation) \(principal)")
                commands.append("ktadd -k \(configuration.keytabPath(service)) \(principal)")
            }
            for command in commands {
                try await step(
                    [tools.administration, "-r", plan.realm, "-q", command], environment,
                    what: "adding a principal (\(command.split(separator: " ").last ?? ""))")
            }
            // Under its watchdog: the KDC ends, and the directory goes, even when this process is killed.
            let started = try await SupervisedProcess(
                KDCWatchdog.arguments(kdc: tools.kdc, realm: plan.realm, directory: directory),
                environment: environment, output: .captured
            ).start()
            kdc = started
            let cache = try await ticket(configuration, tools: tools, environment: environment, kdc: started)
            var acceptors: [String: GSSAPIAcceptor] = [:]
            for service in plan.services where service.issuesTickets {
                acceptors[service.hostName] = try GSSAPIAcceptor(
                    keytabPath: configuration.keytabPath(service), library: library)
            }
            return MITKerberosRealm(
                configuration: configuration, credentialCache: cache, kdc: started, acceptors: acceptors,
                tools: tools, environment: environment)
        } catch {
            if let kdc { _ = await kdc.stop() }
            KerberosRealmDirectories.remove(directory)
            throw error
        }
    }

    /// `kinit` with the account's key, retried while the KDC starts; the credential cache's bytes.
    private static func ticket(
        _ configuration: KerberosRealmConfiguration, tools: KerberosTools, environment: [String: String],
        kdc: RunningProcess
    ) async throws -> [UInt8] {
        let plan = configuration.plan
        var reason = ""
        for _ in 0..<MITKerberos.kinitAttempts {
            if let ended = kdc.termination {
                throw KDCNotReady(
                    underlying: KerberosError(
                        "krb5kdc exited with \(ended.status) on port \(configuration.port): \(ended.errorText.suffix(300))"
                    ))
            }
            let kinit = SupervisedProcess(
                [tools.kinit, "-f", "-k", "-t", configuration.clientKeytabPath, plan.clientPrincipal],
                environment: environment)
            let ended = try await kinit.run(timeout: MITKerberos.stepTimeout)
            if ended.status == 0, !ended.stopped {
                return try ClientMaterial.readFile(configuration.credentialCachePath)
            }
            reason = ended.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            try await Task.sleep(for: .milliseconds(100))
        }
        throw KDCNotReady(underlying: KerberosError("kinit never got a ticket from the KDC: \(reason)"))
    }

    /// Runs one administration step to its end.
    private static func step(_ arguments: [String], _ environment: [String: String], what: String) async throws {
        let ended = try await SupervisedProcess(arguments, environment: environment).run(
            timeout: MITKerberos.stepTimeout)
        guard ended.status == 0, !ended.stopped else {
            let output = (ended.errorText + ended.outputText).trimmingCharacters(in: .whitespacesAndNewlines)
            throw KerberosError("\(what) failed (\(arguments[0]) exited \(ended.status)): \(output.suffix(300))")
        }
    }
}
