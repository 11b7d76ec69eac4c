import Foundation
import MockAuthRemote
import Testing

/// A file that imports MockAuthRemote alone (what an app or a UI test bundle that drives `serve`
/// imports), compiled with `MemberImportVisibility`: the contract's types and the verdict,
/// transcript and material it decodes, with their members.
@Suite("MockAuthRemote, imported alone")
struct MockAuthRemoteAloneTests {
    @Test("a verdict and a transcript as the control API sends them, with their members")
    func decoded() throws {
        let verdict = try JSONDecoder().decode(Verdict.self, from: Data(FaceSamples.failedVerdict.utf8))
        #expect(verdict.problems.contains("it accepted an expired certificate"))
        #expect(verdict.findings.first?.rule.description == "rejects-certificate")
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(FaceSamples.emptyTranscript.utf8))
        #expect(transcript.connections(to: "origin").isEmpty)
        #expect(ClientVariable.allCases.contains(.url) && Account.self == Account.self)
    }

    /// Compiled, not run: the client of the control API and a remote run.
    func compiledOnly(_ client: MockAuthControlClient) async throws {
        let run: RemoteRun = try await client.begin(scenario: "basic")
        let material: ClientMaterial = run.material
        _ = material.url
        let verdict: Verdict = try await run.end()
        _ = verdict.report
    }
}
