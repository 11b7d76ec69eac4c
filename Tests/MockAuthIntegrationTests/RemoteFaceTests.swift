import Foundation
import MockAuthTestSupport
import MockAuthTesting
import Testing
import XCTest

/// The remote face (MockAuthRemote) against a real `mockauthd serve` subprocess, as a UI test uses
/// it: begin a run, hand its URL and inline material to a client MockAuth does not launch (curl
/// here), then assert the verdict.
@Suite("The remote face against a serve subprocess")
struct RemoteFaceTests {
    /// Runs curl against `run` with its inline anchor (`trusting: false`: curl -k, the defect).
    func fetch(_ run: RemoteRun, in serve: ServeProcess, trusting: Bool = true) async throws -> CommandResult {
        var arguments = ["/usr/bin/env", "curl", "-sS", "--max-time", "10"]
        if trusting, let pem = run.material.caCertificatePEM {
            let anchor = serve.directory + "/anchor-\(run.id).pem"
            try pem.write(toFile: anchor, atomically: true, encoding: .utf8)
            arguments += ["--cacert", anchor]
        } else {
            arguments.append("-k")
        }
        if let credentials = run.material.credentials {
            arguments += ["-u", "\(credentials.username):\(credentials.password)"]
        }
        return try await Shell.execute(arguments + [run.url])
    }

    @Test("begin, hand over the material, judge, end: a correct and a defective client")
    func lifecycle() async throws {
        try await ServeProcess.with([]) { serve in
            let control = try MockAuthControlClient(endpointsFile: serve.endpointsFile)
            let catalog = try await control.scenarios()
            #expect(catalog.contains { $0.name == "tls-expired" && $0.control == "tls-valid" })

            let correct = try await control.begin(scenario: "tls-expired", client: "swift-test")
            let defective = try await control.begin(scenario: "tls-expired")
            let twin = try await control.begin(scenario: "tls-valid")
            #expect(correct.url != defective.url)
            #expect(correct.environment["MOCKAUTH_URL"] == correct.url)
            await #expect(try fetch(correct, in: serve).status == 60)
            await #expect(try fetch(defective, in: serve, trusting: false).status == 0)
            await #expect(try fetch(twin, in: serve).status == 0)

            let passed = try await correct.expectPassed(control: twin)
            #expect(passed.control?.result == .pass)
            try await defective.expectFailed()
            let transcript = try await defective.transcript()
            #expect(transcript.connections.first?.tls?.state == .completed)
            #expect(try await control.runs().map(\.id).contains(defective.id))
            let final = try await defective.end()
            #expect(final.result == .fail && final.reason.contains("expired"))
            await #expect(
                throws: ControlAPIError(
                    status: 404, message: "no run '\(defective.id)': it never began, or it has ended")
            ) {
                try await defective.verdict()
            }
        }
    }

    @Test("the control API's refusals reach the caller as ControlAPIError, with the server's words")
    func errors() async throws {
        try await ServeProcess.with(["tls-valid"]) { serve in
            let (url, token) = try serve.control()
            let intruder = MockAuthControlClient(url: try #require(URL(string: url)), token: token + "-wrong")
            let refused = await #expect(throws: ControlAPIError.self) { try await intruder.scenarios() }
            #expect(refused?.status == 401)
            let control = try MockAuthControlClient.fromEnvironment([
                "MOCKAUTH_CONTROL_URL": url, "MOCKAUTH_CONTROL_TOKEN": token,
            ])
            let unknown = await #expect(throws: ControlAPIError.self) { try await control.begin(scenario: "no-such") }
            #expect(unknown?.status == 404 && unknown?.message.contains("no-such") == true)
            #expect(throws: ControlAPIError.self) { try MockAuthControlClient.fromEnvironment([:]) }
            // A serve that is gone: a ControlAPIError without a status that says what could not be reached.
            _ = await serve.stop()
            let gone = await #expect(throws: ControlAPIError.self) { try await control.scenarios() }
            #expect(
                gone?.status == nil && gone?.message.contains("cannot reach \(url)") == true,
                "\(String(describing: gone))")
        }
    }
}

extension RemoteFaceTests {
    @Test("a verdict against a run that cannot be its control is a ControlAPIError 409 with the server's words")
    func controlConflicts() async throws {
        try await ServeProcess.with(["--max-runs", "4"]) { serve in
            let control = try MockAuthControlClient(endpointsFile: serve.endpointsFile)
            let expired = try await control.begin(scenario: "tls-expired")
            let valid = try await control.begin(scenario: "tls-valid")
            let basic = try await control.begin(scenario: "basic")
            #expect(try await expired.verdict(control: valid).scenario == "tls-expired")
            await #expect(
                throws: ControlAPIError(status: 409, message: "basic has no control: ask without ?control=")
            ) {
                try await basic.verdict(control: expired)
            }
            let other = await #expect(throws: ControlAPIError.self) { try await expired.verdict(control: basic) }
            #expect(other?.status == 409 && other?.message.contains("not of tls-expired's control tls-valid") == true)
            try await valid.end()
            let ended = await #expect(throws: ControlAPIError.self) { try await expired.verdict(control: valid) }
            #expect(
                ended?.status == 409 && ended?.message.contains("no run '\(valid.id)' to check against") == true,
                "\(String(describing: ended))")
            // The run itself gone is 404, whatever its control.
            try await expired.end()
            let gone = await #expect(throws: ControlAPIError.self) { try await expired.verdict(control: basic) }
            #expect(gone?.status == 404, "\(String(describing: gone))")
        }
    }
}

/// The XCTest assertions on remote runs, as an XCUITest would write them.
final class RemoteFaceXCTests: XCTestCase {
    func testAssertionsOnRemoteRuns() async throws {
        if await !Tool.curl.isAvailable {
            let message = "needs \(Tool.curl), which is missing here; install: \(Tool.curl.installation)"
            if Tool.missingToolsFail { return XCTFail(message + " (MOCKAUTH_REQUIRE_TOOLS=1)") }
            SkipLog.record(context: "\(type(of: self)).\(#function)", message: message)
            throw XCTSkip(message)
        }
        try await ServeProcess.with(["--max-runs", "4"]) { serve in
            let control = try MockAuthControlClient(endpointsFile: serve.endpointsFile)
            let right = try await control.begin(scenario: "basic")
            let wrong = try await control.begin(scenario: "basic")
            let anchor = serve.directory + "/anchor.pem"
            try (right.material.caCertificatePEM ?? "").write(toFile: anchor, atomically: true, encoding: .utf8)
            let account = try XCTUnwrap(right.material.credentials)
            for (run, password) in [(right, account.password), (wrong, account.password + "-not")] {
                let fetched = try await Shell.execute([
                    "/usr/bin/env", "curl", "-sS", "--max-time", "10", "--cacert", anchor, "-u",
                    "\(account.username):\(password)", run.url,
                ])
                XCTAssertEqual(fetched.status, 0, fetched.error)
            }
            await XCTAssertRunPassed(right)
            await XCTAssertRunFailed(wrong)
        }
    }
}
