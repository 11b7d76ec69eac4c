import MockAuthVocabulary

/// A failure of the PKI: a certificate that cannot be issued, a file that cannot be written.
public struct PKIError: HarnessFailure {
    /// What failed, in words.
    public var reason: String

    package init(_ reason: String) { self.reason = reason }

    public var description: String { "harness error: \(reason)" }
}
