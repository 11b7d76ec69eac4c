#if canImport(XCTest)
    import XCTest
    import MockAuthRemote

    /// Fails the test, at the caller's line, unless the client behaved as the scenario expects; the
    /// message lists each violated expectation in words.
    public func XCTAssertScenarioPassed(
        _ verdict: Verdict, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
        line: UInt = #line
    ) {
        guard !verdict.passed else { return }
        let prefix = message().isEmpty ? "" : message() + ": "
        XCTFail("\(prefix)\(verdict.scenario) \(verdict.result.label)\n\(verdict.problems)", file: file, line: line)
    }

    /// Fails the test unless the verdict is a failure: for tests that prove a defective client is caught.
    public func XCTAssertScenarioFailed(
        _ verdict: Verdict, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
        line: UInt = #line
    ) {
        guard verdict.result != .fail else { return }
        let prefix = message().isEmpty ? "" : message() + ": "
        XCTFail(
            "\(prefix)expected \(verdict.scenario) to FAIL, got \(verdict.result.label)\n\(verdict.report)",
            file: file, line: line)
    }
#endif
