import MockAuthTesting
import SecureFetch
import Testing

/// SecureFetch's ``TrustPolicy`` against MockAuth's TLS scenarios: one broken certificate each.
@Suite("Trust policy: the harness root only, pins, client identity")
struct TrustPolicyTests {
    @Test("tls-valid: a chain to the given root is accepted")
    func validChain() async throws {
        let verdict = try await withScenario("tls-valid") { scenario in
            let response = try await withSecureFetchClient(scenario.trustingHarnessRoot) { client in
                try await client.get(scenario.url)
            }
            #expect(response.status == 200)
            #expect(response.text == "hello from tls-valid\n")
        }
        verdict.expectPassed()
    }

    @Test(
        "a broken certificate is refused before any request",
        arguments: [
            "tls-expired", "tls-wrong-host", "tls-untrusted-root", "tls-incomplete-chain", "tls-self-signed",
            "tls-not-yet-valid", "tls-missing-san",
        ])
    func brokenCertificateRefused(_ name: String) async throws {
        // The body runs against the broken scenario, then against its control (tls-valid), which
        // the same configuration must fetch: a refusal counts only if it was for the right reason.
        var outcomes: [String: FetchOutcome] = [:]
        let verdict = try await withScenario(name) { scenario in
            outcomes[scenario.scenario.name] = await scenario.fetch(scenario.url, with: scenario.trustingHarnessRoot)
        }
        #expect(outcomes == [name: .refused(.connectionFailed), "tls-valid": .status(200)])
        verdict.expectPassed()
    }

    @Test("tls-client-cert-required: the given identity is presented")
    func clientIdentity() async throws {
        let verdict = try await withScenario("tls-client-cert-required") { scenario in
            var configuration = scenario.trustingHarnessRoot
            let identity = try #require(scenario.material.identity)
            configuration.identity = ClientIdentity(
                certificateChainPEM: identity.certificatePEM, privateKeyPEM: identity.privateKeyPEM)
            let response = try await withSecureFetchClient(configuration) { try await $0.get(scenario.url) }
            #expect(response.status == 200)
        }
        verdict.expectPassed()
        #expect(verdict.met.contains { $0.reason.contains("presented CN=MockAuth Client") }, "\(verdict.report)")
    }

    @Test("tls-pin-mismatch: a valid chain over another key is refused by the public-key pin")
    func publicKeyPinMismatch() async throws {
        // Then against the control, tls-pin-reissued, whose renewed certificate carries the pinned key.
        var outcomes: [String: FetchOutcome] = [:]
        let verdict = try await withScenario("tls-pin-mismatch") { scenario in
            let pin = try #require(scenario.pin)
            let configuration = SecureFetchConfiguration(
                trust: .publicKeyPins([pin], roots: [scenario.anchorsPEM]), timeout: .seconds(10))
            outcomes[scenario.scenario.name] = await scenario.fetch(scenario.url, with: configuration)
        }
        #expect(outcomes == ["tls-pin-mismatch": .refused(.pinMismatch), "tls-pin-reissued": .status(200)])
        verdict.expectPassed()
    }

    @Test("tls-pin-reissued: a renewed certificate over the pinned key is accepted")
    func publicKeyPinSurvivesRenewal() async throws {
        let verdict = try await withScenario("tls-pin-reissued") { scenario in
            let pin = try #require(scenario.pin)
            let configuration = SecureFetchConfiguration(
                trust: .publicKeyPins([pin], roots: [scenario.anchorsPEM]), timeout: .seconds(10))
            let response = try await withSecureFetchClient(configuration) { try await $0.get(scenario.url) }
            #expect(response.status == 200)
        }
        verdict.expectPassed()
    }

    @Test("a pin is checked on top of the chain: the right pin does not rescue an untrusted root")
    func pinDoesNotReplaceChainVerification() async throws {
        // A pin no server's key matches refuses tls-valid, the control, too, by design: what this
        // test checks is which check comes first, so the scenario is judged alone.
        let verdict = try await withScenario("tls-untrusted-root", control: .ignore) { scenario in
            // Pin whatever key: the chain must fail first, so the pin never gets a say.
            let configuration = SecureFetchConfiguration(
                trust: .publicKeyPins(
                    ["sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="], roots: [scenario.anchorsPEM]),
                timeout: .seconds(10))
            let error = await #expect(throws: SecureFetchError.self) {
                try await withSecureFetchClient(configuration) { try await $0.get(scenario.url) }
            }
            #expect(error?.code == .connectionFailed)
        }
        verdict.expectPassed()
    }
}
