import MockAuth
import MockAuthClients

/// A client that is an external program, run with the environment of `mockauthd check`
/// (`MOCKAUTH_URL`, `MOCKAUTH_CA_FILE` …): any client in any language. Exit 0 means the client
/// reports success, 89 "this client does not support what the scenario needs" (SKIP), anything
/// else failure; the verdict comes from the servers either way.
///
/// Available where client processes can be started and supervised as a group (macOS, Linux), not
/// on iOS, tvOS, watchOS or visionOS: this module (`MockAuthCommands`) is built for macOS and Linux only.
///
/// ```swift
/// let curl = CommandClient(name: "curl", shell: #"curl -sS --cacert "$MOCKAUTH_CA_FILE" "$MOCKAUTH_URL""#)
/// let report = try await replay(["tls-valid", "tls-expired"], with: curl)
/// ```
public struct CommandClient: ScenarioClient {
    public let name: String
    /// What the client's library lacks, by its documentation (UNSUPPORTED).
    public let lacks: Set<ClientFeature>
    /// What the command cannot be given though its library has it (SKIP).
    public let unsupported: Set<ClientFeature>
    /// The program (looked up on `PATH`) and its arguments.
    public let arguments: [String]
    /// Whether the command's standard output goes to this process's standard error (so this
    /// process's own output stays clean, e.g. JSON).
    public var outputToStandardError: Bool
    /// Scenarios, by name, whose needs the client's library lacks though no feature names them (a
    /// scheme it answers for servers but not for proxies), each with what it lacks in words:
    /// UNSUPPORTED.
    package var scenarioLacks: [String: String] = [:]
    /// Scenarios, by name, the command cannot be given though its library could, each with what it
    /// cannot be given in words: SKIP.
    package var scenarioSkips: [String: String] = [:]
    /// Whether the command runs in a private user and mount namespace whose `/etc/hosts` is the
    /// run's hosts file (Linux, `check --isolate-hosts`): an unmodified client resolves the
    /// scenario's names under `.test`. Scenarios without such names run as usual.
    public var isolatesHosts = false

    /// A program and its arguments, run directly.
    public init(
        name: String, arguments: [String], lacks: Set<ClientFeature> = [], unsupported: Set<ClientFeature> = [],
        outputToStandardError: Bool = false
    ) {
        self.name = name
        self.arguments = arguments
        self.lacks = lacks
        self.unsupported = unsupported
        self.outputToStandardError = outputToStandardError
    }

    /// A command line, run with `/bin/sh -c`.
    public init(
        name: String, shell: String, lacks: Set<ClientFeature> = [], unsupported: Set<ClientFeature> = [],
        outputToStandardError: Bool = false
    ) {
        self.init(
            name: name, arguments: ["/bin/sh", "-c", shell], lacks: lacks, unsupported: unsupported,
            outputToStandardError: outputToStandardError)
    }

    public func lacking(in scenario: Scenario) -> [String] {
        scenario.requirements.unmet(lacking: lacks) + [scenarioLacks[scenario.name]].compactMap(\.self)
    }

    public func unsupported(in scenario: Scenario) -> [String] {
        scenario.requirements.unmet(lacking: unsupported.union(Self.cannotIsolateHosts))
            + [scenarioSkips[scenario.name]].compactMap(\.self)
    }

    /// `system-hosts` where a command cannot be given a private `/etc/hosts`: off Linux, or without
    /// `unshare` (looked up once, not for every cell).
    static let cannotIsolateHosts: Set<ClientFeature> = {
        #if os(Linux)
            ClientInvocation.isOnPath("unshare") ? [] : [.systemHosts]
        #else
            [.systemHosts]
        #endif
    }()

    /// Runs the command; in a private mount namespace whose `/etc/hosts` is the run's hosts file
    /// with `isolatesHosts`, or where the scenario needs the system resolver to see its names
    /// (``ClientFeature/systemHosts``).
    public func exercise(_ run: ScenarioRun, timeoutSeconds: Int) async throws -> ClientReport {
        let isolates = isolatesHosts || run.scenario.requirements.features.contains(.systemHosts)
        guard isolates, let hostsFile = run.hostsFile else {
            return try await perform(environment: run.environment, timeoutSeconds: timeoutSeconds)
        }
        let exit = try await ClientInvocation(
            arguments: try Self.isolating(arguments, hostsFile: hostsFile), environment: run.environment
        ).run(timeoutSeconds: timeoutSeconds, outputToStandardError: outputToStandardError)
        return ClientReport(exit: exit)
    }

    /// `arguments` run by `unshare` in a new user and mount namespace, with `hostsFile` mounted
    /// over `/etc/hosts` there (nothing changes outside it).
    static func isolating(_ arguments: [String], hostsFile: String) throws -> [String] {
        #if os(Linux)
            guard ClientInvocation.isOnPath("unshare") else {
                throw HarnessError(
                    "--isolate-hosts needs unshare (util-linux: apt-get install util-linux); or use MOCKAUTH_RESOLVE or MOCKAUTH_HOSTS_FILE"
                )
            }
            return [
                "unshare", "--user", "--map-root-user", "--mount", "--", "/bin/sh", "-c",
                #"mount --bind "$0" /etc/hosts && exec "$@""#, hostsFile,
            ] + arguments
        #else
            throw HarnessError(
                "--isolate-hosts needs Linux (user and mount namespaces); use MOCKAUTH_RESOLVE or MOCKAUTH_HOSTS_FILE"
            )
        #endif
    }

    /// Runs the command with `environment` (the `MOCKAUTH_*` variables of a scenario, e.g. a
    /// ``ClientContext``'s) and reports how it ended.
    ///
    /// - Throws: ``HarnessError`` when the command cannot be started.
    public func perform(environment: [String: String], timeoutSeconds: Int) async throws -> ClientReport {
        let exit = try await ClientInvocation(arguments: arguments, environment: environment)
            .run(timeoutSeconds: timeoutSeconds, outputToStandardError: outputToStandardError)
        return ClientReport(exit: exit)
    }
}
