import ArgumentParser
import Foundation
import MockAuthClients
import MockAuthCommands
import MockAuthKerberos

extension MockAuthD {
    /// `mockauthd check SCENARIO -- COMMAND [ARGS…]`: runs one client against one scenario and judges it.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a client command against one scenario and judge it.",
            discussion: """
                Starts the scenario's servers, runs COMMAND with MOCKAUTH_URL, MOCKAUTH_CA_FILE and the \
                other MOCKAUTH_* variables set, waits for it, then judges what the servers saw. \
                Example: mockauthd check tls-expired -- sh -c 'curl -sS --cacert "$MOCKAUTH_CA_FILE" "$MOCKAUTH_URL"'
                """
        )

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var serverLimits: LimitOptions

        @Argument(help: "A scenario name from the catalog, or a path to a scenario file.")
        var scenario: String

        @Flag(name: .long, help: "Print the verdict, the client's exit and the transcript as JSON.")
        var json = false

        @Option(name: .long, help: "Seconds to wait for the client before stopping it.")
        var timeout: Int = 60

        @Argument(parsing: .postTerminator, help: "The client command and its arguments, after --.")
        var command: [String] = []

        func validate() throws {
            guard !command.isEmpty else {
                throw ValidationError(
                    "give the client command after --, e.g. mockauthd check \(scenario) -- curl -sS \"\\$MOCKAUTH_URL\""
                )
            }
            guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
        }

        @Flag(
            name: .long,
            help: "Judge the scenario alone: do not run the client against the scenario's control as well.")
        var skipControl = false

        @Flag(
            name: .long,
            help: ArgumentHelp(
                "Run the client in a private user and mount namespace whose /etc/hosts names the scenario's servers (Linux).",
                discussion:
                    "An unmodified client then resolves names under .test (api.mockauth.test) without --resolve. Needs unshare and user namespaces; nothing changes outside the client."
            ))
        var isolateHosts = false

        func run() async throws {
            // Interrupted, the clients are ended and the client files deleted before exiting.
            let interrupts = InterruptCleanup()
            defer { interrupts.stop() }
            let scenario = try catalog.load([self.scenario])[0]
            var client = CommandClient(name: command[0], arguments: command, outputToStandardError: json)
            client.isolatesHosts = isolateHosts
            var runner = ScenarioRunner(timeoutSeconds: timeout, limits: serverLimits.limits)
            runner.kerberos = MITKerberos()
            // The matrix of one cell: the scenario, and its control for the same command.
            let controls = skipControl ? nil : catalog.catalog
            guard let judged = await runner.run([scenario], clients: [client], controls: controls).first else {
                throw HarnessError("the runner returned no verdict for \(scenario.name)")
            }
            let verdict = judged.verdict
            if json {
                print(try CheckReport(verdict: verdict, transcript: judged.transcript).jsonString())
            } else {
                print(verdict.report)
                if let report = judged.report { print("  (\(report.summary))") }
            }
            switch verdict.result {
            case .pass: return
            case .fail, .inconclusive, .unsupported, .skip: throw ExitCode(ExitStatus.clientFailed)
            case .error: throw ExitCode(ExitStatus.harness)
            }
        }
    }
}

/// The JSON `check --json` prints: the verdict (the same JSON as the control API's
/// `/v1/runs/ID/verdict`) and everything the servers saw.
struct CheckReport: Encodable {
    var verdict: Verdict
    var transcript: Transcript?

    func jsonString() throws -> String {
        String(decoding: try JSONEncoder.harnessOutput().encode(self), as: UTF8.self)
    }
}
