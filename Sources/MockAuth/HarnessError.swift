import MockAuthVocabulary

/// A failure of the harness while running a scenario (not of the client under test): client files
/// that cannot be written, a client command that cannot be started.
public struct HarnessError: HarnessFailure {
    /// What failed, in words.
    public var reason: String

    package init(_ reason: String) { self.reason = reason }

    public var description: String { "harness error: \(reason)" }
}
