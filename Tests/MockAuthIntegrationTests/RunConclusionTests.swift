import AsyncHTTPClient
import Foundation
import MockAuth
import MockAuthClients
import MockAuthTestSupport
import NIOPosix
import NIOSSL
import Synchronization
import Testing

/// A run is concluded once: one snapshot of the transcript, judged; what a face shows is that
/// snapshot, never a later one.
@Suite("One way to conclude a run")
struct RunConclusionTests {
    /// What `check --json` prints.
    struct CheckReport: Decodable {
        var verdict: Verdict
        var transcript: Transcript
    }

    @Test(
        "check --json prints the very transcript its verdict judged",
        arguments: [("tls-untrusted-root", RealClient.curl), ("basic", .curl), ("tls-expired", .curlInsecure)])
    func checkJSON(_ scenario: String, client: RealClient) async throws {
        let result = try await MockAuthDBinary.check(
            scenario, client.script, extraArguments: ["--json", "--skip-control"])
        let report = try JSONDecoder().decode(CheckReport.self, from: Data(result.output.utf8))
        #expect(!report.transcript.connections.isEmpty, "\(result.output)")
        let loaded = try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load(scenario)
        let judged = Judge.verdict(for: loaded, transcript: report.transcript, client: report.verdict.client)
        #expect(judged == report.verdict, "printed: \(report.verdict.report)\nre-judged: \(judged.report)")
    }

    @Test("the runner's transcript is the one judged, while a client goes on connecting as the run concludes")
    func runner() async throws {
        let scenario = try ScenarioCatalog.bundled.load("tls-valid")
        let keepGoing = Flag()
        let background = Mutex<Task<Void, Never>?>(nil)
        let judged = try await ScenarioRunner().judge(scenario, client: "busy") { run in
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.trustRoots = .certificates([
                try NIOSSLCertificate(bytes: Array(try #require(run.material.caCertificatePEM).utf8), format: .pem)
            ])
            let tls = configuration
            let url = run.url
            @Sendable func fetch() async {
                let client = HTTPClient(
                    eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton),
                    configuration: HTTPClient.Configuration(tlsConfiguration: tls))
                _ = try? await client.execute(HTTPClientRequest(url: url), timeout: .seconds(5))
                try? await client.shutdown()
            }
            await fetch()
            // Connections that go on after the client said it is done, up to and past the snapshot.
            background.withLock { task in
                task = Task {
                    while keepGoing.isSet { await fetch() }
                }
            }
            return ClientReport()
        }
        keepGoing.clear()
        await background.withLock { $0 }?.value
        let transcript = try #require(judged.transcript)
        #expect(!transcript.connections.isEmpty)
        #expect(Judge.verdict(for: scenario, transcript: transcript, client: nil) == judged.verdict)
    }

    @Test("conclude: the verdict is the judgement of the transcript it returns; judge leaves the run going")
    func conclude() async throws {
        let scenario = try ScenarioCatalog.bundled.load("tls-valid")
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let before = await run.judge()
            #expect(before.transcript.connections.isEmpty && !before.verdict.passed)
            let result = try await Shell.execute([
                "/usr/bin/env", "curl", "-sS", "--max-time", "10", "--cacert", run.files.caFile, run.url,
            ])
            #expect(result.status == 0, "\(result.error)")
            let conclusion = await run.conclude()
            #expect(conclusion.verdict.passed, "\(conclusion.verdict.report)")
            #expect(Judge.verdict(for: scenario, transcript: conclusion.transcript, client: nil) == conclusion.verdict)
            #expect(conclusion.transcript.connections.count == 1)
        }
    }
}

/// A flag another task reads.
private final class Flag: Sendable {
    private let value = Atomic(true)

    var isSet: Bool { value.load(ordering: .relaxed) }

    func clear() { value.store(false, ordering: .relaxed) }
}
