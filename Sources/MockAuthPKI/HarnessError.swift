import MockAuthScenario

/// A failure of the harness itself (not of the client under test): ports, certificates, internals.
/// `mockauthd` exits with 3 for these.
public struct HarnessError: Error, Sendable, CustomStringConvertible {
    /// What failed, in words.
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { "harness error: \(reason)" }

    static func unknownProfile(_ profile: TLSProfileName) -> HarnessError {
        HarnessError("the PKI has no TLS profile '\(profile)'")
    }
}
