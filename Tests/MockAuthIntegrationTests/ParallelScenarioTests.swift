import Foundation
import MockAuthAsyncHTTPClient
import MockAuthTesting
import Testing

@Suite("Many scenarios at once")
struct ParallelScenarioTests {
    @Test("40 scenarios started concurrently get their own ports and files, and every verdict is right")
    func forty() async throws {
        let names = [
            "tls-valid", "tls-expired", "tls-wrong-host", "tls-client-cert-required", "basic", "proxy-connect",
            "redirect-cross-host", "tls-untrusted-root",
        ]
        let catalog = ScenarioCatalog.directory(MockAuthDBinary.scenarios)
        let results = try await withThrowingTaskGroup(of: (String, Bool, Int, String).self) { group in
            for index in 0..<40 {
                let name = names[index % names.count]
                let scenario = try catalog.load(name)
                group.addTask {
                    var port = 0
                    var directory = ""
                    let verdict = try await withScenario(scenario) { run in
                        port = run.server.endpoints.first?.port ?? 0
                        directory = run.files.directory.path
                        _ = await AsyncHTTPClientClient().perform(ClientContext(run))
                    }
                    return (name, verdict.passed, port, directory)
                }
            }
            var collected: [(String, Bool, Int, String)] = []
            for try await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == 40)
        for (name, passed, _, _) in results {
            #expect(passed, "\(name) did not pass under load")
        }
        #expect(Set(results.map(\.3)).count == 40, "two runs shared a file directory")
        #expect(results.allSatisfy { !FileManager.default.fileExists(atPath: $0.3) }, "a run left its files behind")
    }
}
