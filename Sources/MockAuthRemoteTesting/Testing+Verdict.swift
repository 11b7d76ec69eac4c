#if canImport(Testing)
    import Testing
    import MockAuthRemote

    extension Verdict {
        /// Records a Swift Testing issue, at the caller's location, unless the client behaved as the
        /// scenario expects. `#expect(verdict.passed)` works too; this adds the violations in words.
        public func expectPassed(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            guard !passed else { return }
            Issue.record("\(scenario) \(result.label)\n\(problems)", sourceLocation: sourceLocation)
        }
    }
#endif
