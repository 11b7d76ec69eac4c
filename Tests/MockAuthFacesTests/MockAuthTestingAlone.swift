import Foundation
import MockAuthTesting
import Testing

/// A file that imports MockAuthTesting and nothing else of MockAuth, compiled with
/// `MemberImportVisibility` (a member is visible only from a module the file imports, directly or
/// by a re-export): what it names is what the product re-exports by name, and the members it uses
/// come with those types, from the modules that declare them or extend them.
@Suite("MockAuthTesting, imported alone")
struct MockAuthTestingAloneTests {
    @Test("a verdict: its members and report (MockAuthVerdict) and its Swift Testing assertion (MockAuthRemoteTesting)")
    func verdict() throws {
        let failed = try JSONDecoder().decode(Verdict.self, from: Data(FaceSamples.failedVerdict.utf8))
        #expect(!failed.passed && failed.result == VerdictResult.fail)
        #expect(failed.violations.map(\.level) == [ExpectationLevel.must])
        #expect(failed.violations.map(\.outcome) == [RuleOutcome.violated])
        #expect(failed.report.contains("✗ rejects-certificate"))
        let passed = try JSONDecoder().decode(Verdict.self, from: Data(FaceSamples.passedVerdict.utf8))
        passed.expectPassed()
    }

    @Test("a transcript: its queries (MockAuthTranscript)")
    func transcript() throws {
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(FaceSamples.emptyTranscript.utf8))
        #expect(transcript.requests(to: "origin").isEmpty && transcript.requestCount(to: "origin") == 0)
    }

    @Test("a bundled scenario and what a client of it needs (MockAuth, MockAuthScenario, MockAuthVocabulary)")
    func scenario() throws {
        let scenario = try ScenarioCatalog.bundled.load("basic")
        #expect(scenario.name == "basic" && !scenario.summary.isEmpty)
        #expect(scenario.requirements.unmet(lacking: []).isEmpty)
        #expect(TLSProfile.allCases.contains(.valid) && HTTPAuthScheme.allCases.contains(.basic))
    }

    /// Compiled, not run: the runner's entry points, a run's material, the XCTest assertions and a
    /// remote run's Swift Testing assertion.
    func compiledOnly(_ remote: RemoteRun) async throws {
        let verdict = try await withScenario("basic") { run in
            _ = run.caCertificatePEM + run.url
            _ = try ClientContext(run).material.environment(files: run.files)
        }
        verdict.expectPassed()
        #if canImport(XCTest)
            XCTAssertScenarioPassed(verdict)
            await XCTAssertRunPassed(remote)
        #endif
        try await remote.expectPassed()
    }
}
