import ArgumentParser
import Foundation
import MockAuthClients

extension MockAuthD {
    /// `mockauthd serve [SCENARIO…]`: serves scenarios until interrupted.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve all (or the named) scenarios at once until interrupted.",
            discussion: """
                Prints a table of endpoints (scenario, URL, what a correct client does) and, with \
                --endpoints-file, writes the same as JSON with the CA file, client identity and pin.
                """
        )

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var serverLimits: LimitOptions

        @Argument(help: "Scenario names or files; all of the catalog when none is given.")
        var scenarios: [String] = []

        @Option(name: .long, help: "Write the endpoints, CA file, identity and pin as JSON to this file.")
        var endpointsFile: String?

        @Option(
            name: .long,
            help:
                "Directory for the CA file and client identity (default: a new private temporary directory, deleted on exit)."
        )
        var stateDir: String?

        func run() async throws {
            let scenarios = try catalog.load(self.scenarios).filter { $0.retired == nil }
            let pki = try HarnessPKI()
            let files = try ClientFiles.write(pki, under: stateDir.map { URL(fileURLWithPath: $0) })
            var runs: [ScenarioRun] = []
            do {
                for scenario in scenarios {
                    runs.append(
                        try await ScenarioRun.start(scenario, pki: pki, files: files, limits: serverLimits.limits))
                }
            } catch {
                for run in runs { await run.shutdown() }
                files.remove()
                throw error
            }
            let endpoints = ServedEndpoints(runs: runs, files: files, pin: pki.pinnedKey.pinSHA256)
            print(endpoints.table)
            if let endpointsFile {
                try endpoints.write(to: endpointsFile)
                print("\nEndpoints written to \(endpointsFile)")
            }
            print("\nServing \(runs.count) scenarios. Press Ctrl-C to stop.")
            fflush(nil)  // all streams: a script reading the table through a pipe sees it now

            await waitForTerminationSignal()
            for run in runs { await run.shutdown() }
            if stateDir == nil { files.remove() }
            print("Stopped.")
        }
    }
}

/// Waits for SIGINT or SIGTERM.
func waitForTerminationSignal() async {
    let signals = AsyncStream<Int32>.makeStream()
    var sources: [any DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { signals.continuation.yield(number) }
        source.resume()
        sources.append(source)
    }
    for await _ in signals.stream { break }
    sources.forEach { $0.cancel() }
}
