import MockAuthTranscript
import MockAuthVerdict
import MockAuthVocabulary

/// One rule a scenario's `expect:` list can state: what a correct client does, as the judge checks
/// it against the transcript.
///
/// A rule is one type, in `Rules/`: the rule itself (its name, its keys read from YAML, the
/// references it checks, its summary) in `NAME.swift`, and how it is judged in
/// `NAME+Evaluation.swift`. ``ScenarioRules/all`` lists every rule; the loader, the judge, the
/// summaries, the scenario schema's rule list and the rule table of docs/scenario-format.md follow
/// from that list (the last two compared with it by tests).
package protocol ScenarioRule: Sendable, Equatable {
    /// The rule's name as scenario files, verdicts and reports write it (`rejects-certificate`).
    static var name: RuleName { get }

    /// Reads the rule's own keys from its `expect:` entry (`rule:` is already read; `level`,
    /// `because` and `precondition` are left to the caller), throwing a located error with a hint
    /// for a missing or wrong key.
    static func read(_ entry: inout YAMLMapping) throws(ScenarioError) -> Self

    /// The server whose transcript the rule reads; `nil` for a rule made of other rules (`any-of`),
    /// whose alternatives each name one.
    var judgedServer: String? { get }

    /// What a client that keeps the rule does, in a few words ("refuses the certificate of origin").
    var summary: String { get }

    /// The rule itself, or the rules it is made of (each, recursively).
    var leaves: [any ScenarioRule] { get }

    /// Checks what the rule needs of `scenario` beyond that its server exists (the loader checks
    /// that for every leaf): a TLS profile that asks for a client certificate, a revocation server,
    /// a route that sends Strict-Transport-Security … `location` is the rule's entry in the file.
    func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError)

    /// The HTTP auth schemes the rule allows a client to answer `server` with, when it narrows them:
    /// a client that can answer none of them cannot take part (``Scenario/requirements``).
    func acceptedSchemes(server: String) -> Set<HTTPAuthScheme>?

    /// What the transcript shows about the rule: met, violated or not exercised, and in words why.
    func evaluate(_ transcript: Transcript, context: RuleContext) -> ExpectationResult
}

/// A rule about one server: every rule but `any-of`.
package protocol ServerRule: ScenarioRule {
    /// The server whose transcript the rule reads (its `server:` key).
    var server: String { get }
}

/// What a rule's evaluation knows beyond the transcript.
package struct RuleContext: Sendable {
    /// The words that end a violation's sentence (the expectation's `because`); `nil` for a
    /// precondition, whose `because` the judge adds itself, and for an alternative of `any-of`.
    package var because: String?
    /// What the client was given (the body a rule about request bodies compares with).
    package var client: ClientSpec
    /// How the client's command ended, when the harness ran one: the only evidence of a check the
    /// client makes on an answer without sending anything more (`checks-mutual-authentication`).
    package var exit: ClientExit?
    /// The refresh token the client is given for the scenario's token endpoint, if it has one
    /// (``Scenario/refreshToken``): what `refresh-token-stays-home` looks for.
    package var refreshToken: String?

    package init(because: String?, client: ClientSpec, refreshToken: String? = nil, exit: ClientExit? = nil) {
        self.because = because
        self.client = client
        self.refreshToken = refreshToken
        self.exit = exit
    }
}

extension ScenarioRule {
    package var leaves: [any ScenarioRule] { [self] }

    package func check(in scenario: Scenario, at location: ScenarioLocation) throws(ScenarioError) {}

    package func acceptedSchemes(server: String) -> Set<HTTPAuthScheme>? { nil }

    /// The rule's name, from an instance.
    package var name: RuleName { Self.name }

    /// Whether `other` is the same rule with the same keys.
    package func isEqual(to other: any ScenarioRule) -> Bool {
        guard let other = other as? Self else { return false }
        return other == self
    }

    /// Whether a scenario's rule (of any type) is `rhs`.
    package static func == (lhs: (any ScenarioRule)?, rhs: Self) -> Bool {
        lhs.map { rhs.isEqual(to: $0) } ?? false
    }
}

extension ServerRule {
    package var judgedServer: String? { server }
}
