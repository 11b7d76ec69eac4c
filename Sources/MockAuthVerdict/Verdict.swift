import MockAuthVocabulary

/// The judge's answer for one scenario run: the same value, and the same JSON, from every face
/// (`mockauthd check --json`, `conform`, the control API, the in-process library).
///
/// ```swift
/// let verdict = Judge.verdict(for: scenario, transcript: server.transcript())
/// if !verdict.passed { print(verdict.report) }
/// ```
public struct Verdict: Sendable, Codable, Equatable {
    /// The scenario's name.
    public var scenario: String
    public var result: VerdictResult
    /// Every expectation of the scenario, judged, in the scenario's order; then the harness's own
    /// findings (a client that hung, a control the client failed).
    public var findings: [Finding]
    /// The scenario's control, when it was judged for the same client.
    public var control: ControlResult?
    /// How the client command ended, when the harness ran one.
    public var client: ClientExit?
    /// Why the scenario was skipped, or what went wrong in the harness.
    public var note: String?

    package init(
        scenario: String, result: VerdictResult, findings: [Finding] = [], control: ControlResult? = nil,
        client: ClientExit? = nil, note: String? = nil
    ) {
        self.scenario = scenario
        self.result = result
        self.findings = findings
        self.control = control
        self.client = client
        self.note = note
    }

    /// Whether the client behaved as the scenario expects.
    public var passed: Bool { result == .pass }

    /// Violated `must` expectations that are not preconditions: what fails the verdict.
    public var violations: [Finding] { findings.filter(\.failsVerdict) }
    /// `must` expectations the client never exercised, and preconditions it did not meet: what makes
    /// the verdict inconclusive (when nothing fails it).
    public var inconclusiveReasons: [Finding] { findings.filter(\.leavesVerdictInconclusive) }
    /// `should` expectations that did not hold: reported, not failing.
    public var warnings: [Finding] { findings.filter { $0.level == .should && $0.outcome != .met } }
    /// Expectations that held.
    public var met: [Finding] { findings.filter { $0.outcome == .met } }
}

/// How a scenario run came out. The raw values are what JSON, JUnit and reports write.
public enum VerdictResult: String, Sendable, Codable, Equatable, CaseIterable {
    /// Every `must` expectation held.
    case pass
    /// At least one `must` expectation that is not a precondition was violated.
    case fail
    /// The client never did what the scenario needs to judge it (e.g. it never connected), it
    /// declined a step the scenario relies on (a precondition was not met), or it also failed the
    /// scenario's control: neither credited nor blamed.
    case inconclusive
    /// The client's library lacks what the scenario needs, as its documentation says (the client's
    /// `ScenarioClient.lacks`, the capability table of `mockauthd conform`): not judged, and not a
    /// failure; kept apart from SKIP, which is about how the client was driven.
    case unsupported
    /// The client as driven here cannot be given what the scenario needs (its adapter cannot express
    /// it, or said so with exit 89).
    case skip
    /// The harness itself failed (a port, a certificate, the client command could not start).
    case error

    /// `PASS`, `FAIL` …
    public var label: String { rawValue.uppercased() }
}

/// One judged expectation (or one finding of the harness's own), in words.
public struct Finding: Sendable, Codable, Equatable, CustomStringConvertible {
    /// Which rule.
    public var rule: JudgedRule
    /// The server the rule is about, when it is about one.
    public var server: String?
    public var level: ExpectationLevel
    /// Whether the rule is a precondition (`precondition: true` in the scenario): it only sets the
    /// stage for the behaviour under test (the cookie was sent back, the first hop succeeded), so
    /// when it is not met the verdict is INCONCLUSIVE, never FAIL. In JSON only when true.
    public var precondition: Bool
    public var outcome: RuleOutcome
    /// What happened, as a sentence.
    public var reason: String

    package init(
        rule: JudgedRule, server: String? = nil, level: ExpectationLevel = .must, precondition: Bool = false,
        outcome: RuleOutcome, reason: String
    ) {
        self.rule = rule
        self.server = server
        self.level = level
        self.precondition = precondition
        self.outcome = outcome
        self.reason = reason
    }

    /// Whether the finding fails the verdict: a violated `must` that is not a precondition.
    package var failsVerdict: Bool { level == .must && !precondition && outcome == .violated }

    /// Whether the finding makes the verdict INCONCLUSIVE unless another fails it: a `must` the
    /// client never exercised, or a precondition it did not meet (violated or not exercised).
    package var leavesVerdictInconclusive: Bool {
        level == .must && (outcome == .notExercised || (precondition && outcome == .violated))
    }

    public var description: String { "\(rule)\(precondition ? " (precondition)" : ""): \(reason)" }

    private enum CodingKeys: String, CodingKey {
        case rule, server, level, precondition, outcome, reason
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rule = try container.decode(JudgedRule.self, forKey: .rule)
        server = try container.decodeIfPresent(String.self, forKey: .server)
        level = try container.decode(ExpectationLevel.self, forKey: .level)
        precondition = try container.decodeIfPresent(Bool.self, forKey: .precondition) ?? false
        outcome = try container.decode(RuleOutcome.self, forKey: .outcome)
        reason = try container.decode(String.self, forKey: .reason)
    }

    /// Writes `precondition` only when true, so that the JSON of every other finding is as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encodeIfPresent(server, forKey: .server)
        try container.encode(level, forKey: .level)
        if precondition { try container.encode(true, forKey: .precondition) }
        try container.encode(outcome, forKey: .outcome)
        try container.encode(reason, forKey: .reason)
    }
}

/// What a finding is about: a rule of the scenario, or one the harness adds to every run.
/// Encoded as the rule's name (`rejects-certificate`, `client-finishes`, `control`).
public enum JudgedRule: Sendable, Hashable, Codable, CustomStringConvertible {
    /// An expectation written in the scenario.
    case scenario(RuleName)
    /// The client command finishes before the timeout (the harness adds it when it ran a command).
    case clientFinishes
    /// The client passes the scenario's control (the harness adds it when the control was judged).
    case control

    public var description: String {
        switch self {
        case .scenario(let name): name.rawValue
        case .clientFinishes: "client-finishes"
        case .control: "control"
        }
    }

    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard !name.isEmpty else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a rule needs a name"))
        }
        // A rule this build does not know (a newer harness's) is still a scenario's rule.
        self = [.clientFinishes, .control].first { $0.description == name } ?? .scenario(RuleName(rawValue: name))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The result of a scenario's control for the same client.
public struct ControlResult: Sendable, Codable, Equatable {
    /// The control scenario's name.
    public var scenario: String
    public var result: VerdictResult
    /// The control's one-line reason.
    public var reason: String

    package init(scenario: String, result: VerdictResult, reason: String) {
        self.scenario = scenario
        self.result = result
        self.reason = reason
    }
}

/// How a client command ended, for the judge.
public struct ClientExit: Sendable, Codable, Equatable {
    /// The exit status meaning "this client does not support what the scenario needs": the verdict
    /// is SKIP, never counted (as BoGo shims do).
    public static let unsupportedStatus: Int32 = 89

    /// The command's exit status, if it exited.
    public var status: Int32?
    /// Whether the harness stopped it after the timeout.
    public var timedOut: Bool
    /// The timeout, in seconds.
    public var timeoutSeconds: Int

    package init(status: Int32?, timedOut: Bool, timeoutSeconds: Int) {
        self.status = status
        self.timedOut = timedOut
        self.timeoutSeconds = timeoutSeconds
    }

    /// Whether the client said it cannot do what the scenario needs (exit 89).
    package var reportedUnsupported: Bool { !timedOut && status == Self.unsupportedStatus }
}
