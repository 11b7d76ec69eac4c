/// The name of a rule, as scenario files, verdicts and reports write it.
public enum RuleName: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case rejectsCertificate = "rejects-certificate"
    case requestSucceeds = "request-succeeds"
    case presentsClientCertificate = "presents-client-certificate"
    case withholdsClientCertificate = "withholds-client-certificate"
    case authenticates
    case authenticatesAs = "authenticates-as"
    case noPreemptiveCredentials = "no-preemptive-credentials"
    case maxAttempts = "max-attempts"
    case maxRequests = "max-requests"
    case usesScheme = "uses-scheme"
    case usesDigestAlgorithm = "uses-digest-algorithm"
    case neverReceives = "never-receives"
    case receives
    case requestBody = "request-body"
    case handshakeOnOneConnection = "handshake-on-one-connection"
    case reusesCredentials = "reuses-credentials"
    case recoversFromStale = "recovers-from-stale"
    case refusesRedirect = "refuses-redirect"
    case sessionResumption = "session-resumption"
    case httpVersion = "http-version"
    case heedsRevocation = "heeds-revocation"
    case upgradesToHTTPS = "upgrades-to-https"
    case connectsByName = "connects-by-name"
    case anyOf = "any-of"

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
