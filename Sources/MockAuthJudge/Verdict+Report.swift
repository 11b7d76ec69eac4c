extension Verdict {
    /// The verdict as a person reads it: the outcome, then each finding on its own line.
    ///
    /// ```
    /// tls-expired: FAIL
    ///   ✗ rejects-certificate: the client sent GET / over a certificate that expired 2 days ago: it accepted an expired certificate
    /// ```
    public var report: String {
        var lines = ["\(scenario): \(outcome.label)"]
        lines += violations.map { "  ✗ \($0)" }
        lines += inconclusiveReasons.map { "  ? \($0)" }
        lines += warnings.map { "  ! \($0) (should)" }
        lines += met.map { "  ✓ \($0)" }
        return lines.joined(separator: "\n")
    }

    /// Only what went wrong, one finding a line: for assertion messages.
    public var problems: String {
        (violations.map(\.description) + inconclusiveReasons.map(\.description)).joined(separator: "\n")
    }
}

extension Verdict.Outcome {
    /// `PASS`, `FAIL` or `INCONCLUSIVE`.
    public var label: String {
        switch self {
        case .passed: "PASS"
        case .failed: "FAIL"
        case .inconclusive: "INCONCLUSIVE"
        }
    }
}
