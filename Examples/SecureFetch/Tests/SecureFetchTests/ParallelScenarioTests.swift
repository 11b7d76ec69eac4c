import MockAuthTesting
import SecureFetch
import Testing

@Suite("Parallel: one client, twenty scenarios at once")
struct ParallelScenarioTests {
    static let scenarios =
        Array(repeating: "tls-valid", count: 4)
        + ["tls-expired", "tls-wrong-host", "tls-untrusted-root", "tls-incomplete-chain", "tls-self-signed"]
        + Array(repeating: "basic", count: 3) + Array(repeating: "digest-sha256", count: 2)
        + Array(repeating: "multi-scheme", count: 2) + Array(repeating: "basic-no-preemptive", count: 2)
        + Array(repeating: "redirect-cross-host", count: 2)

    @Test("20 scenarios run concurrently against one shared SecureFetchClient, all green")
    func twentyAtOnce() async throws {
        #expect(Self.scenarios.count == 20)
        // Every scenario run in a process issues from one PKI, so one client trusting its root (the
        // same root every run's material.caCertificatePEM holds) serves them all.
        let configuration = SecureFetchConfiguration(
            trust: .caOnly(roots: [try HarnessPKI.shared().root.pem]), timeout: .seconds(20))
        let verdicts = try await withSecureFetchClient(configuration) { client in
            try await withThrowingTaskGroup(of: Verdict.self) { group in
                for name in Self.scenarios {
                    group.addTask {
                        try await withScenario(name) { scenario in
                            // Each run has its own ports, so its own protection space in the shared store.
                            if let credential = try? scenario.givenCredential() {
                                client.credentials.set(
                                    credential, for: try ProtectionSpace(url: scenario.url, realm: scenario.realm()))
                            }
                            for url in scenario.urls {
                                _ = try? await client.get(url)  // the TLS scenarios are refused: an error here
                            }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(verdicts.count == 20)
        for verdict in verdicts {
            verdict.expectPassed()
        }
    }
}
