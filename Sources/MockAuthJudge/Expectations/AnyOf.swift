import MockAuthTranscript

/// `any-of`: at least one of several behaviours, each a rule of its own, holds. Holds when one
/// alternative holds; violated when every alternative was violated; otherwise not exercised.
struct AnyOf: ExpectationEvaluator {
    var alternatives: [any ExpectationEvaluator]
    var because: String?

    func evaluate(_ transcript: Transcript) -> ExpectationResult {
        let results = alternatives.map { $0.evaluate(transcript) }
        if let met = results.first(where: { $0.outcome == .met }) {
            return .met(met.reason)
        }
        if results.allSatisfy({ $0.outcome == .violated }) {
            return .violated(explained(results.map(\.reason).joined(separator: "; and "), because))
        }
        return .notExercised(results.filter { $0.outcome == .notExercised }.map(\.reason).joined(separator: "; "))
    }
}
