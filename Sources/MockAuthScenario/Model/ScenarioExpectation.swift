/// One thing a correct client does, checked by the judge against the transcript.
public struct ScenarioExpectation: Sendable, Equatable {
    /// What is expected.
    public var rule: ExpectationRule
    /// Whether a violation fails the scenario (`must`) or is only reported (`should`).
    public var level: ExpectationLevel
    /// Why a violation matters, in words that finish "…: " in the verdict
    /// (e.g. "it accepted an expired certificate").
    public var because: String?

    public init(_ rule: ExpectationRule, level: ExpectationLevel = .must, because: String? = nil) {
        self.rule = rule
        self.level = level
        self.because = because
    }
}

/// The rules a scenario can state. Each has its own evaluator in the judge.
public enum ExpectationRule: Sendable, Equatable {
    /// No HTTP request arrives over the server's TLS connections: the client refused the certificate.
    case rejectsCertificate(server: String)
    /// The client's request reaches the server and is answered 2xx.
    case requestSucceeds(server: String, path: String?)
    /// Every request to the server arrives over a handshake in which the client presented the
    /// harness client identity, and at least one arrives.
    case presentsClientCertificate(server: String)
    /// A request (for `path`, if given) carried credentials the server verified and was answered 2xx.
    case authenticates(server: String, path: String?)
    /// No request carried credentials before the server had challenged the client.
    case noPreemptiveCredentials(server: String)
    /// At most `attempts` requests carried credentials the server refused; then the client stopped.
    case maxAttempts(server: String, attempts: Int)
    /// Every request with credentials used one of `schemes` (HTTP scheme tokens: `Digest`, `NTLM` …).
    case usesScheme(server: String, schemes: [String])
    /// The server never received `header` (`Authorization` or `Proxy-Authorization`), on any path or
    /// on the paths given.
    case neverReceives(server: String, header: String, paths: [String])
    /// Connection-based handshakes (NTLM, Negotiate) stayed on one connection.
    case handshakeOnOneConnection(server: String)
    /// After a valid answer on an expired Digest nonce (401 `stale=true`), the client retried the same
    /// request with the fresh nonce and was accepted.
    case recoversFromStale(server: String)
    /// After authenticating once, the client sent credentials for a later request in the same
    /// protection space without waiting for a new challenge.
    case reusesCredentials(server: String)

    /// The rule's name as written in scenario files.
    public var name: String {
        switch self {
        case .rejectsCertificate: "rejects-certificate"
        case .requestSucceeds: "request-succeeds"
        case .presentsClientCertificate: "presents-client-certificate"
        case .authenticates: "authenticates"
        case .noPreemptiveCredentials: "no-preemptive-credentials"
        case .maxAttempts: "max-attempts"
        case .usesScheme: "uses-scheme"
        case .neverReceives: "never-receives"
        case .handshakeOnOneConnection: "handshake-on-one-connection"
        case .reusesCredentials: "reuses-credentials"
        case .recoversFromStale: "recovers-from-stale"
        }
    }

    /// The server the rule is about.
    public var server: String {
        switch self {
        case .rejectsCertificate(let server), .requestSucceeds(let server, _), .presentsClientCertificate(let server),
            .authenticates(let server, _), .noPreemptiveCredentials(let server), .maxAttempts(let server, _),
            .usesScheme(let server, _), .neverReceives(let server, _, _), .handshakeOnOneConnection(let server),
            .reusesCredentials(let server), .recoversFromStale(let server):
            server
        }
    }

    /// Every rule name a scenario file may use.
    public static let names = [
        "rejects-certificate", "request-succeeds", "presents-client-certificate", "authenticates",
        "no-preemptive-credentials", "max-attempts", "uses-scheme", "never-receives", "handshake-on-one-connection",
        "reuses-credentials", "recovers-from-stale",
    ]
}

/// How much a violated expectation weighs.
public struct ExpectationLevel: Sendable, Hashable, CustomStringConvertible {
    /// A violation fails the scenario.
    public static let must = ExpectationLevel(rawValue: "must")
    /// A violation is reported, but the scenario still passes.
    public static let should = ExpectationLevel(rawValue: "should")
    /// Every level a scenario file may use.
    public static let all: [ExpectationLevel] = [.must, .should]

    public let rawValue: String

    private init(rawValue: String) { self.rawValue = rawValue }

    /// The level called `name`, or `nil` if there is none.
    public init?(named name: String) {
        guard let level = Self.all.first(where: { $0.rawValue == name }) else { return nil }
        self = level
    }

    public var description: String { rawValue }
}
