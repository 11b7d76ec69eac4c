import Foundation
import MockAuthAsyncHTTPClient
import MockAuthConformance
import MockAuthTestSupport
import MockAuthTesting
import Testing

/// Every face goes through one runner and one judge: the AsyncHTTPClient adapter gets the same
/// result in-process (`replay`) as a command (`mockauthd conform` with `mockauth-adapter`), cell by
/// cell, on the whole catalog: passes, failures, what its library lacks and the control rule alike.
@Suite("replay and conform agree")
struct ReplayConformAgreementTests {
    @Test("AsyncHTTPClient: replay in-process and conform through the adapter give the same result on every scenario")
    func asyncHTTPClientAgrees() async throws {
        let catalog = ScenarioCatalog.directory(MockAuthDBinary.scenarios)
        let replayed = try await replay(tagged: nil, catalog: catalog, with: AsyncHTTPClientClient(), jobs: 2)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("results.json").path
        let adapter = MockAuthDBinary.productsDirectory.appendingPathComponent("mockauth-adapter").path
        let script = MockAuthDBinary.repositoryRoot.appendingPathComponent("Conformance/adapters/asynchttpclient.sh")
        // What the library lacks, as the capability table gives it to conform: the client's own `lacks`.
        let lacks = AsyncHTTPClientClient().lacks.map(\.name).sorted().joined(separator: ",")
        let result = try await Shell.execute(
            [
                MockAuthDBinary.path, "conform", "--scenarios", MockAuthDBinary.scenarios, "--jobs", "2",
                "--client", "asynchttpclient=\(script.path) \(adapter)", "--lacks", "asynchttpclient=\(lacks)",
                "--json", json,
            ], timeout: 600)
        let data = try #require(FileManager.default.contents(atPath: json), "\(result.output)\n\(result.error)")
        let conformed = try ConformanceReport(json: data)

        #expect(conformed.results.count == replayed.runs.count)
        #expect(replayed.runs.count >= 42)
        for run in replayed.runs {
            let cell = conformed.result("asynchttpclient", run.scenario.name)
            #expect(
                cell?.result == run.verdict.result,
                "\(run.scenario.name): replay \(run.verdict.result.label) (\(run.verdict.reason)), conform \(cell?.result.label ?? "missing") (\(cell?.reason ?? ""))"
            )
        }
        // Both faces see every kind of result, so the agreement is about something.
        let results = Set(replayed.runs.map(\.verdict.result))
        #expect(results.isSuperset(of: [.pass, .fail, .unsupported]), "\(replayed.summary)")
    }
}
