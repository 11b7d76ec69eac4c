import MockAuthTranscript

/// `any-of`: at least one of several behaviours, each a rule of its own, holds. Holds when one
/// alternative holds; violated when every alternative was violated; otherwise not exercised.
extension AnyOf {
    package func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult {
        let because = context.because
        // The alternatives' own sentences stand alone; the reason ends the whole.
        let alone = RuleContext(
            because: nil, client: context.client, refreshToken: context.refreshToken, exit: context.exit)
        let results = alternatives.map { $0.evaluate(transcript, context: alone) }
        if let met = results.first(where: { $0.outcome == .met }) {
            return .met(met.reason)
        }
        if results.allSatisfy({ $0.outcome == .violated }) {
            return .violated(explained(results.map(\.reason).joined(separator: "; and "), because))
        }
        return .notExercised(results.filter { $0.outcome == .notExercised }.map(\.reason).joined(separator: "; "))
    }
}
