import Foundation
import MockAuth
import Testing

/// A file that imports MockAuth alone, compiled with `MemberImportVisibility`: a scenario of one's
/// own, the layers' types and their members.
@Suite("MockAuth, imported alone")
struct MockAuthAloneTests {
    @Test("a scenario written as YAML, and the vocabulary it is read into")
    func ownScenario() throws {
        let scenario = try Scenario(
            yaml: """
                version: 1
                summary: A plain origin
                servers:
                  origin:
                    host: localhost
                expect:
                  - rule: request-succeeds
                    server: origin
                """, name: "plain", file: "plain.yaml")
        #expect(scenario.name == "plain")
        #expect(HTTPProtocolVersion.allCases.count > 1 && AuthOutcome.allCases.count > 1)
        #expect(throws: ScenarioError.self) { try Scenario(yaml: "servers: 1", name: "broken", file: "broken.yaml") }
    }

    /// Compiled, not run: a run, its servers, material, PKI and conclusion.
    func compiledOnly(_ scenario: Scenario) async throws {
        let run = try await ScenarioRun.start(scenario)
        let endpoint: ServerEndpoint? = run.server.endpoint("origin")
        _ = endpoint?.realm
        _ = run.pki.root.pem + run.material.url
        let conclusion: RunConclusion = await run.conclude(client: nil)
        _ = conclusion.verdict.report + conclusion.transcript.requests(to: "origin").description
    }
}
