import MockAuthVocabulary

/// A failure of the servers themselves: a port that cannot be bound, a certificate that cannot be loaded.
public struct ServerError: HarnessFailure {
    /// What failed, in words.
    public var reason: String

    package init(_ reason: String) { self.reason = reason }

    public var description: String { "harness error: \(reason)" }
}
