#if canImport(XCTest)
    import XCTest
    import MockAuthRemote

    /// Fetches the verdict of a run begun through `mockauthd serve`'s control API and fails the test,
    /// at the caller's line, unless the client passed; with `control`, the wrong-reason rule applies
    /// (see ``RemoteRun/verdict(control:)``). A control API that cannot be reached fails the test too.
    public func XCTAssertRunPassed(
        _ run: RemoteRun, control: RemoteRun? = nil, _ message: @autoclosure () -> String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        let text = message()
        do {
            XCTAssertScenarioPassed(try await run.verdict(control: control), text, file: file, line: line)
        } catch {
            XCTFail("\(text.isEmpty ? "" : text + ": ")no verdict for run \(run.id): \(error)", file: file, line: line)
        }
    }

    /// Fails the test unless the run's verdict is a failure: for tests that prove a defective client is caught.
    public func XCTAssertRunFailed(
        _ run: RemoteRun, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
        line: UInt = #line
    ) async {
        let text = message()
        do {
            XCTAssertScenarioFailed(try await run.verdict(), text, file: file, line: line)
        } catch {
            XCTFail("\(text.isEmpty ? "" : text + ": ")no verdict for run \(run.id): \(error)", file: file, line: line)
        }
    }
#endif
