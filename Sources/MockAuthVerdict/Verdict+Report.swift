extension Verdict {
    /// The verdict as a person reads it: the result, then each finding on its own line.
    ///
    /// ```
    /// tls-expired: FAIL
    ///   ✗ rejects-certificate: the client sent GET / over a certificate that expired 2 days ago: it accepted an expired certificate
    /// ```
    public var report: String {
        var lines = ["\(scenario): \(result.label)"]
        if let note { lines.append("  – \(note)") }
        lines += violations.map { "  ✗ \($0)" }
        lines += inconclusiveReasons.map { "  ? \($0)" }
        lines += warnings.map { "  ! \($0) (should)" }
        lines += met.map { "  ✓ \($0)" }
        if let control, result == .pass { lines.append("  ✓ control \(control.scenario): \(control.result.label)") }
        return lines.joined(separator: "\n")
    }

    /// Only what went wrong, one finding a line: for assertion messages.
    public var problems: String {
        let findings = (violations + inconclusiveReasons).map(\.description)
        return ((note.map { [$0] } ?? []) + findings).joined(separator: "\n")
    }

    /// Why the verdict is what it is, on one line: the violations of a FAIL, the reasons of an
    /// INCONCLUSIVE, the note of an UNSUPPORTED, SKIP or ERROR, what held for a PASS.
    public var reason: String {
        let findings: [Finding]
        switch result {
        case .pass: findings = met
        case .fail: findings = violations
        case .inconclusive: findings = inconclusiveReasons
        case .unsupported, .skip, .error: return note ?? result.label
        }
        return findings.map(\.reason).joined(separator: "; ")
    }
}
