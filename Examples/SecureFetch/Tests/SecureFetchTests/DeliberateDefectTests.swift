import MockAuthTesting
import SecureFetch
import XCTest

/// SecureFetch configured wrong on purpose: each defect must FAIL its scenario, and the verdict
/// must name the defect. If one of these passed, the scenario could not tell a careful client from
/// a careless one.
final class DeliberateDefectTests: XCTestCase {
    func testTrustingEverythingIsCaughtOnAnExpiredCertificate() async throws {
        let verdict = try await withScenario("tls-expired") { scenario in
            let configuration = SecureFetchConfiguration(trust: .insecureTrustEverything, timeout: .seconds(10))
            let response = try await withSecureFetchClient(configuration) { try await $0.get(scenario.url) }
            XCTAssertEqual(response.status, 200, "the defective client got through, as expected")
        }
        XCTAssertScenarioFailed(verdict)
        XCTAssertTrue(verdict.problems.contains("expired"), verdict.report)
    }

    func testCredentialsForEveryHostAreCaughtBeforeAnyChallenge() async throws {
        let verdict = try await withScenario("basic-no-preemptive") { scenario in
            var configuration = scenario.trustingHarnessRoot
            configuration.insecureBasicForEveryRequest = try scenario.givenCredential()
            _ = try await withSecureFetchClient(configuration) { try await $0.get(scenario.url) }
        }
        XCTAssertScenarioFailed(verdict)
        XCTAssertTrue(verdict.problems.contains("before origin had sent any challenge"), verdict.report)
    }

    func testCredentialsForEveryHostAreCaughtAcrossARedirect() async throws {
        let verdict = try await withScenario("redirect-cross-host") { scenario in
            var configuration = scenario.trustingHarnessRoot
            configuration.insecureBasicForEveryRequest = try scenario.givenCredential()
            _ = try await withSecureFetchClient(configuration) { try await $0.get(scenario.url) }
        }
        XCTAssertScenarioFailed(verdict)
        XCTAssertTrue(verdict.problems.contains("received Authorization"), verdict.report)
    }
}
