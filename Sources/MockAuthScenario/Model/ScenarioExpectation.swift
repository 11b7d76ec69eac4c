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

    /// The rule's name as written in scenario files.
    public var name: String {
        switch self {
        case .rejectsCertificate: "rejects-certificate"
        case .requestSucceeds: "request-succeeds"
        case .presentsClientCertificate: "presents-client-certificate"
        }
    }

    /// The server the rule is about.
    public var server: String {
        switch self {
        case .rejectsCertificate(let server), .requestSucceeds(let server, _), .presentsClientCertificate(let server):
            server
        }
    }

    /// Every rule name a scenario file may use.
    public static let names = ["rejects-certificate", "request-succeeds", "presents-client-certificate"]
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
