/// The name of a rule, as scenario files, verdicts and reports write it (`rejects-certificate`).
///
/// The scenario module's rule list defines which names a scenario can use; a verdict carries the
/// name as written, so a verdict from a newer harness with a rule this build does not know still
/// decodes.
public struct RuleName: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }
}

/// How much a violated expectation weighs. The raw value is the name scenario files use.
public enum ExpectationLevel: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A violation fails the scenario.
    case must
    /// A violation is reported, but the scenario still passes.
    case should

    public var description: String { rawValue }
}
