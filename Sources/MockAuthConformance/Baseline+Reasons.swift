extension Baseline {
    /// The fewest words a deviation's reason must have to say what the client did.
    package static let minimumReasonWords = 4

    /// The FAIL, INCONCLUSIVE and ERROR cells of this baseline that no deviation explains: none for
    /// that client, scenario and result, or one whose reason is shorter than
    /// ``minimumReasonWords`` words. A reference client's baseline must have none (a test keeps
    /// `Conformance/baselines/` so).
    package var unexplained: [Entry] {
        results.filter { entry in
            switch entry.result {
            case .pass, .unsupported, .skip: return false
            case .fail, .inconclusive, .error:
                return !deviations.contains {
                    $0.client == entry.client && $0.scenario == entry.scenario && $0.result == entry.result
                        && Self.isExplanation($0.reason)
                }
            }
        }
    }

    /// Whether `reason` is a sentence rather than a placeholder.
    package static func isExplanation(_ reason: String) -> Bool {
        reason.split(whereSeparator: \.isWhitespace).count >= minimumReasonWords
    }
}
