import Foundation
import MockAuthRemoteTesting
import Testing

/// A file that imports MockAuthRemoteTesting alone (a UI-test bundle's), compiled with
/// `MemberImportVisibility`: the remote face and the assertions, members included.
@Suite("MockAuthRemoteTesting, imported alone")
struct MockAuthRemoteTestingAloneTests {
    @Test("a verdict's Swift Testing assertion")
    func expectPassed() throws {
        try JSONDecoder().decode(Verdict.self, from: Data(FaceSamples.passedVerdict.utf8)).expectPassed()
    }

    /// Compiled, not run: the assertions on a remote run.
    func compiledOnly(_ run: RemoteRun, _ verdict: Verdict) async throws {
        try await run.expectPassed()
        try await run.expectFailed()
        #if canImport(XCTest)
            XCTAssertScenarioFailed(verdict)
            await XCTAssertRunFailed(run)
        #endif
    }
}
