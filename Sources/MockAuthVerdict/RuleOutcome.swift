/// How one rule came out.
public enum RuleOutcome: String, Sendable, Codable, Equatable, CaseIterable {
    /// The expectation held.
    case met
    /// The client did what the rule forbids (or not what it demands).
    case violated
    /// The client never did what the rule needs (e.g. it never connected): neither credit nor blame.
    case notExercised = "not-exercised"
}
