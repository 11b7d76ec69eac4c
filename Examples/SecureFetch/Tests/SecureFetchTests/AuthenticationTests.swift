import MockAuthTesting
import SecureFetch
import Testing

/// SecureFetch's own challenge handling against MockAuth's origins, which verify every answer.
@Suite("Authentication: challenges answered from the credential store")
struct AuthenticationTests {
    /// Runs `name` with a client that holds the scenario's credential for the origin's realm, GETs
    /// every URL the scenario lists, and returns the verdict and the statuses of `name`'s URLs (the
    /// body runs against the scenario's control too, when it has one: `basic` for
    /// `basic-no-preemptive`).
    func run(_ name: String) async throws -> (Verdict, [Int]) {
        var statuses: [String: [Int]] = [:]
        let verdict = try await withScenario(name) { scenario in
            try await withSecureFetchClient(scenario.trustingHarnessRoot, credentials: try scenario.credentialStore()) {
                client in
                for url in scenario.urls {
                    statuses[scenario.scenario.name, default: []].append(try await client.get(url).status)
                }
            }
        }
        return (verdict, statuses[name] ?? [])
    }

    @Test("basic: answers the Basic challenge")
    func basic() async throws {
        let (verdict, statuses) = try await run("basic")
        #expect(statuses == [200])
        verdict.expectPassed()
    }

    @Test("basic-no-preemptive: nothing is sent before the 401")
    func basicNoPreemptive() async throws {
        let (verdict, statuses) = try await run("basic-no-preemptive")
        #expect(statuses == [200])
        verdict.expectPassed()
    }

    @Test("digest-sha256: the SHA-256 response verifies on the server")
    func digestSHA256() async throws {
        let (verdict, statuses) = try await run("digest-sha256")
        #expect(statuses == [200])
        verdict.expectPassed()
    }

    @Test("digest-md5: the MD5 response verifies on the server")
    func digestMD5() async throws {
        let (verdict, _) = try await run("digest-md5")
        verdict.expectPassed()
    }

    @Test("multi-scheme: NTLM, Digest and Basic offered; Digest is chosen, never Basic")
    func multiScheme() async throws {
        let (verdict, statuses) = try await run("multi-scheme")
        #expect(statuses == [200])
        verdict.expectPassed()
        #expect(verdict.met.contains { $0.rule == .scenario("uses-scheme") }, "\(verdict.report)")
    }

    @Test("protection-space-reuse: the second URL of the realm gets cached Basic without a new 401")
    func reuseWithinRealm() async throws {
        let (verdict, statuses) = try await run("protection-space-reuse")
        #expect(statuses == [200, 200])
        verdict.expectPassed()
        #expect(verdict.warnings.isEmpty, "\(verdict.report)")
    }

    @Test("digest-stale: the cached nonce expires; one retry with the new nonce")
    func digestStale() async throws {
        var statuses: [Int] = []
        let verdict = try await withScenario("digest-stale") { scenario in
            try await withSecureFetchClient(scenario.trustingHarnessRoot, credentials: try scenario.credentialStore()) {
                client in
                statuses.append(try await client.get(scenario.urls[0]).status)
                try await Task.sleep(for: .milliseconds(2_500))  // the scenario's nonces live 2 s
                statuses.append(try await client.get(scenario.urls[1]).status)
            }
        }
        #expect(statuses == [200, 200])
        verdict.expectPassed()
    }

    @Test("basic-wrong-password: one refused attempt, then the 401 is handed back")
    func wrongPasswordGivesUp() async throws {
        // Each run's two statuses and whether the store marked the credential refused: against the
        // wrong password, then against the control (`basic`), where the same client must get in.
        var seen: [String: (statuses: [Int], refused: Bool)] = [:]
        let verdict = try await withScenario("basic-wrong-password") { scenario in
            let store = try scenario.credentialStore()
            try await withSecureFetchClient(scenario.trustingHarnessRoot, credentials: store) { client in
                let first = try await client.get(scenario.url).status
                let refused = store.isRefused(try ProtectionSpace(url: scenario.url, realm: try scenario.realm()))
                // Refused once: a second request does not offer the password again.
                seen[scenario.scenario.name] = ([first, try await client.get(scenario.url).status], refused)
            }
        }
        #expect(seen["basic-wrong-password"]?.statuses == [401, 401])
        #expect(seen["basic-wrong-password"]?.refused == true)
        #expect(seen["basic"]?.statuses == [200, 200])
        #expect(seen["basic"]?.refused == false)
        verdict.expectPassed()
        let attempts = verdict.met.first { $0.rule == .scenario("max-attempts") }?.reason ?? ""
        #expect(attempts.contains("1"), "\(verdict.report)")
    }

    @Test("protection-space-isolation: alpha's credential never reaches beta; beta's 401 stays unanswered")
    func protectionSpaceIsolation() async throws {
        var statuses: [Int] = []
        let verdict = try await withScenario("protection-space-isolation") { scenario in
            // The client is given alice's credential for realm "alpha" only, as the scenario says.
            let store = try scenario.credentialStore(realm: "alpha")
            try await withSecureFetchClient(scenario.trustingHarnessRoot, credentials: store) { client in
                for url in scenario.urls {
                    statuses.append(try await client.get(url).status)
                }
            }
        }
        #expect(statuses == [200, 401])
        verdict.expectPassed()
    }
}
