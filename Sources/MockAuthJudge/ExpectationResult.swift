import MockAuthTranscript

/// What one rule concluded from a transcript.
public enum ExpectationResult: Sendable, Equatable {
    /// The expectation held; the message says how.
    case met(String)
    /// The expectation was violated; the message says what the client did wrong.
    case violated(String)
    /// The client never did what the rule needs (e.g. it never connected): neither credit nor blame.
    case notExercised(String)
}

/// One rule of the judge: evaluates a transcript.
///
/// Each scenario rule has its own evaluator type, in its own file under `Expectations/`.
public protocol ExpectationEvaluator: Sendable {
    func evaluate(_ transcript: Transcript) -> ExpectationResult
}
