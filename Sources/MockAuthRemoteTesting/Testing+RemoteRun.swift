#if canImport(Testing)
    import Testing
    import MockAuthRemote

    extension RemoteRun {
        /// Fetches the run's verdict and records a Swift Testing issue, at the caller's location,
        /// unless the client passed; with `control`, the wrong-reason rule applies.
        ///
        /// - Returns: the verdict, for further checks.
        @discardableResult
        public func expectPassed(
            control: RemoteRun? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) async throws -> Verdict {
            let verdict = try await verdict(control: control)
            verdict.expectPassed(sourceLocation: sourceLocation)
            return verdict
        }

        /// Fetches the run's verdict and records an issue unless it is a failure.
        @discardableResult
        public func expectFailed(sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> Verdict {
            let verdict = try await verdict()
            if verdict.result != .fail {
                Issue.record(
                    "expected \(scenario) to FAIL, got \(verdict.result.label)\n\(verdict.report)",
                    sourceLocation: sourceLocation)
            }
            return verdict
        }
    }
#endif
