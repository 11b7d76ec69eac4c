import ArgumentParser
import Foundation
import MockAuthClients
import MockAuthCommands
import MockAuthConformance
import MockAuthKerberos
import Synchronization

extension MockAuthD {
    /// `mockauthd conform --client NAME='COMMAND' …`: the whole catalog against client adapters, as a matrix.
    struct Conform: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay the catalog against client adapter commands and report the matrix.",
            discussion: """
                Each --client is NAME=COMMAND, run with /bin/sh -c once per scenario with the environment of \
                'mockauthd check'; --clients FILE reads clients from a capability table (Conformance/clients.yaml: \
                each client's command, version command, what its library lacks and what its adapter does not drive, \
                and which cells an option or the adapter's code decides). Exit 0: the client reports success; 89: it \
                cannot be given what the scenario needs (SKIP); anything else: failure. The verdict comes from the \
                servers. Results: PASS, FAIL, INCONCLUSIVE (e.g. the client also fails the scenario's control), \
                UNSUPPORTED (the library lacks a feature the scenario needs: --lacks, or the table), SKIP, ERROR (the \
                harness). Each cell is credited to the client, the client as configured, or the adapter (the table). \
                Exit status: 0, or 1 with --baseline when a PASS became anything else; 2 usage; 3 harness. \
                'conform merge' combines the --json reports of --shard runs; 'conform site' writes a --json \
                report as a static site (a page per client and per scenario).
                """,
            subcommands: [Merge.self, Site.self]
        )

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var serverLimits: LimitOptions

        @Option(name: .customLong("client"), help: "NAME=COMMAND; repeat for several clients.")
        var clients: [String] = []

        @Option(
            name: .customLong("clients"),
            help: "A capability table of clients (YAML, as Conformance/clients.yaml); its clients come first.")
        var table: String?

        @Option(
            name: .long,
            help:
                "NAME=FEATURE,FEATURE: features the library of a --client lacks (\(ClientFeature.allCases.map(\.name).joined(separator: ", "))); those scenarios are UNSUPPORTED."
        )
        var lacks: [String] = []

        @Option(name: .customLong("tag"), help: "Only scenarios with this tag; repeat for several (any of them).")
        var tags: [String] = []

        @Option(name: .long, help: "Cells run at once (default: the number of cores).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        @Option(name: .long, help: "Seconds a client may take per scenario.")
        var timeout: Int = 60

        @OptionGroup var report: ReportOptions

        @Option(
            name: .long,
            help:
                "K/N: run only the K-th of N slices of the scenarios (round-robin in catalog order); merge the shards' --json with 'conform merge'."
        )
        var shard: String?

        @Flag(
            name: .long, inversion: .prefixedNo,
            help: "Colour the terminal output (default: when stdout is a terminal).")
        var colour: Bool?

        /// The matrix options, checked when the matrix runs (not for `conform merge`, whose parent this is).
        private func validateMatrixOptions() throws {
            guard !clients.isEmpty || table != nil else {
                throw ValidationError(
                    #"give at least one --client NAME='COMMAND', e.g. --client curl='curl -sS --cacert "$MOCKAUTH_CA_FILE" "$MOCKAUTH_URL"', or --clients FILE"#
                )
            }
            for client in clients where !client.contains("=") || client.hasPrefix("=") {
                throw ValidationError("--client '\(client)' is not NAME=COMMAND")
            }
            guard jobs > 0, timeout > 0 else { throw ValidationError("--jobs and --timeout must be positive") }
        }

        func run() async throws {
            try validateMatrixOptions()
            // Interrupted, the clients are ended and the client files deleted before exiting.
            let interrupts = InterruptCleanup()
            defer { interrupts.stop() }
            let selected = try catalog.load([]).filter { scenario in
                scenario.retired == nil && (tags.isEmpty || !Set(tags).isDisjoint(with: scenario.tags))
            }
            let scenarios =
                try shard.map { text in
                    guard let shard = ConformanceShard(text) else {
                        throw ValidationError("--shard '\(text)' is not K/N with 1 ≤ K ≤ N, e.g. --shard 2/3")
                    }
                    return shard.slice(selected)
                } ?? selected
            let table = try readTable()
            let missing = try lacksByClient()
            let given = self.clients.map { spec in
                let name = String(spec.prefix { $0 != "=" })
                return CommandClient(
                    name: name, shell: String(spec.dropFirst(name.count + 1)), lacks: missing[name] ?? [],
                    outputToStandardError: true)
            }
            let clients =
                table.clients.map { entry in
                    var client = CommandClient(
                        name: entry.name, shell: entry.command, lacks: entry.lackedFeatures,
                        unsupported: entry.undrivenFeatures, outputToStandardError: true)
                    client.scenarioLacks = entry.lackedScenarios
                    client.scenarioSkips = entry.undrivenScenarios
                    return client
                } + given
            let names = clients.map(\.name)
            if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw ValidationError("the client '\(twice)' is given twice (--client and --clients name each once)")
            }
            let versions = await ClientVersions.read(table)
            let baselines = try report.readBaselines()
            let reporter = TerminalReporter(colour: colour ?? (isatty(STDOUT_FILENO) == 1))
            let total = scenarios.count * clients.count
            let finished = Counter()
            let started = ContinuousClock.now
            var runner = ScenarioRunner(timeoutSeconds: timeout, limits: serverLimits.limits)
            runner.kerberos = MITKerberos()
            let runs = await runner.run(
                scenarios, clients: clients, controls: catalog.catalog, jobs: jobs
            ) { run in
                let cell = ConformanceCell(run, credit: table.client(run.client)?.credit(for: run.scenario))
                print(reporter.progressLine(cell, finished: finished.increment(), of: total))
                fflush(nil)
            }
            let elapsed = ContinuousClock.now - started
            let matrix = ConformanceReport(
                clients: clients.map(\.name), scenarios: scenarios.map(\.name),
                results: runs.map { ConformanceCell($0, credit: table.client($0.client)?.credit(for: $0.scenario)) },
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                versions: versions)
            print("")
            print(reporter.matrix(matrix))
            try report.write(matrix, table: table)
            try report.compare(matrix, with: baselines)
        }

        /// The capability table of `--clients`, or an empty one.
        private func readTable() throws -> ConformanceClientTable {
            guard let table else { return ConformanceClientTable(clients: []) }
            do {
                return try ConformanceClientTable(contentsOf: table)
            } catch {
                throw ValidationError(error.description)
            }
        }

        private func lacksByClient() throws -> [String: Set<ClientFeature>] {
            var result: [String: Set<ClientFeature>] = [:]
            for spec in lacks {
                guard let equals = spec.firstIndex(of: "=") else {
                    throw ValidationError("--lacks '\(spec)' is not NAME=FEATURE,…")
                }
                let (features, unknown) = ClientFeature.parse(String(spec[spec.index(after: equals)...]))
                guard unknown.isEmpty else {
                    throw ValidationError(
                        "--lacks '\(spec)': unknown feature \(unknown.joined(separator: ", ")); the features are "
                            + ClientFeature.allCases.map(\.name).joined(separator: ", "))
                }
                result[String(spec[..<equals]), default: []].formUnion(features)
            }
            return result
        }
    }
}

/// Counts finished cells across the runner's callbacks.
final class Counter: Sendable {
    private let value = Mutex(0)

    func increment() -> Int {
        value.withLock { count in
            count += 1
            return count
        }
    }
}
