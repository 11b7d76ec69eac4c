import ArgumentParser
import Foundation
import MockAuth

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

        func run() async throws {
            let scenario = try catalog.load([self.scenario])[0]
            let run = try await ScenarioRun.start(scenario)
            let outcome: ClientOutcome
            do {
                outcome = try await ClientCommand(arguments: command, environment: run.environment)
                    .run(timeoutSeconds: timeout, outputToStandardError: json)
            } catch {
                await run.shutdown()
                throw error
            }
            let verdict = await run.verdict(client: outcome)
            let transcript = run.transcript()
            await run.shutdown()

            if json {
                print(try CheckReport(verdict: verdict, client: outcome, transcript: transcript).jsonString())
            } else {
                print(verdict.report)
                let exit = outcome.exitStatus.map { "exited with status \($0)" } ?? "was stopped"
                print("  (the client command \(exit))")
            }
            if !verdict.passed { throw ExitCode(ExitStatus.clientFailed) }
        }
    }
}

/// The JSON `check --json` prints.
struct CheckReport: Encodable {
    var verdict: Verdict
    var clientExitStatus: Int32?
    var clientTimedOut: Bool
    var transcript: Transcript

    init(verdict: Verdict, client: ClientOutcome, transcript: Transcript) {
        self.verdict = verdict
        self.clientExitStatus = client.exitStatus
        self.clientTimedOut = client.timedOut
        self.transcript = transcript
    }

    func jsonString() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
