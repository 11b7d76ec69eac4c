/// An error of the harness itself, not of the client under test: a port that cannot be bound, a
/// certificate that cannot be issued, a file that cannot be written. Each layer throws its own type
/// (`PKIError`, `ServerError`, `HarnessError` …); all of them conform, so a face maps them in one
/// place (`mockauthd` exits 3 for any of them).
public protocol HarnessFailure: Error, Sendable, CustomStringConvertible {
    /// What failed, in words.
    var reason: String { get }
}
