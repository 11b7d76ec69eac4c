import ArgumentParser
import Foundation
import MockAuthClients
import MockAuthConformance
import MockAuthControl
import MockAuthKerberos

extension MockAuthD {
    /// `mockauthd serve [SCENARIO…]`: serves scenarios until interrupted, and answers the control
    /// API that begins, judges and ends runs for clients it does not launch.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve all (or the named) scenarios at once until interrupted, with a control API for verdicts.",
            discussion: """
                Prints a table of endpoints (scenario, URL, what a correct client does) and, with \
                --endpoints-file, writes the same as JSON with the CA file, client identity, pin and the \
                control API's URL and token. The control API (HTTP on loopback, bearer token) begins runs \
                on servers of their own, judges what they saw, and ends them: see docs/remote.md. On exit \
                (SIGINT, SIGTERM) serve prints the verdict of every run that saw traffic.
                """
        )

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var serverLimits: LimitOptions
        @OptionGroup var control: ControlOptions
        @OptionGroup var network: AddressingOptions

        @Argument(help: "Scenario names or files; all of the catalog when none is given.")
        var scenarios: [String] = []

        @Option(
            name: .long,
            help:
                "Write the endpoints, CA file, identity, pin and control API (URL, token) as JSON to this file (0600)."
        )
        var endpointsFile: String?

        @Option(
            name: .long,
            help:
                "Directory for the CA file and client identity (default: a new private temporary directory, deleted on exit)."
        )
        var stateDir: String?

        func run() async throws {
            // A scenario named twice is served once: its run is known by its name.
            var seen = Set<String>()
            let scenarios = try catalog.load(self.scenarios).filter {
                $0.retired == nil && seen.insert($0.name).inserted
            }
            let everything = try catalog.catalog.loadAll()
            let token = try control.token()
            let pki = try HarnessPKI()
            let files = try ClientFiles.write(pki, under: stateDir.map { URL(fileURLWithPath: $0) })
            let limits = serverLimits.limits
            let addressing = network.addressing()
            for warning in [AddressingOptions.exposureWarning(addressing), control.exposureWarning].compactMap(\.self) {
                FileHandle.standardError.write(Data((warning + "\n").utf8))
            }
            let registry = RunRegistry(catalog: everything, maxLiveRuns: control.maxRuns) { scenario in
                try await ScenarioRun.start(
                    scenario, pki: pki, files: files, limits: limits, addressing: addressing, kerberos: MITKerberos())
            }
            var runs: [ScenarioRun] = []
            let server: ControlServer
            do {
                for scenario in scenarios {
                    let run = try await ScenarioRun.start(
                        scenario, pki: pki, files: files, limits: limits, addressing: addressing,
                        kerberos: MITKerberos())
                    runs.append(run)
                    await registry.adopt(run)
                }
                server = try await ControlServer.start(
                    ControlAPI(token: token, registry: registry), host: control.controlBind, port: control.controlPort,
                    advertisedHost: network.hostName.first, limits: limits)
            } catch {
                for run in runs { await run.shutdown() }
                files.remove()
                throw error
            }
            let endpoints = ServedEndpoints(
                runs: runs, files: files, pin: pki.pins(for: .serverKey).curlForm,
                control: .init(url: server.url, token: token.secret))
            print(endpoints.table)
            if let endpointsFile {
                try endpoints.write(to: endpointsFile)
                print("\nEndpoints written to \(endpointsFile)")
            }
            print(
                "\nControl API: \(server.url) (bearer token: \(try control.tokenLocation(files: files, token: token, endpointsFile: endpointsFile)))"
            )
            print("\nServing \(runs.count) scenarios. Press Ctrl-C to stop.")
            fflush(nil)  // all streams: a script reading the table through a pipe sees it now

            await waitForTerminationSignal()
            await server.shutdown()
            let judged = await registry.endAll()
            print(ServeSummary.text(judged))
            if let report = control.report {
                try ServeSummary.write(judged, to: report)
            }
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
