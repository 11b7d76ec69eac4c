import MockAuthScenario
import MockAuthTranscript

/// Turns a scenario's expectations and a run's transcript into a ``Verdict``.
///
/// ```swift
/// let verdict = Judge.verdict(for: scenario, transcript: server.transcript())
/// if !verdict.passed { print(verdict.report) }
/// ```
public enum Judge {
    /// Judges `transcript` against every expectation of `scenario`. Every violated expectation is
    /// listed, not just the first.
    ///
    /// - Parameter client: how the client command ended, when the harness ran one.
    public static func verdict(for scenario: Scenario, transcript: Transcript, client: ClientOutcome? = nil) -> Verdict
    {
        var verdict = Verdict(scenario: scenario.name, outcome: .passed)
        for expectation in scenario.expectations {
            let finding = { (message: String) in
                Finding(rule: expectation.rule.name, level: expectation.level.rawValue, message: message)
            }
            switch evaluator(for: expectation).evaluate(transcript) {
            case .met(let message):
                verdict.met.append(finding(message))
            case .violated(let message) where expectation.level == .must:
                verdict.violations.append(finding(message))
            case .violated(let message):
                verdict.warnings.append(finding(message))
            case .notExercised(let message) where expectation.level == .must:
                verdict.inconclusiveReasons.append(finding(message))
            case .notExercised(let message):
                verdict.warnings.append(finding(message))
            }
        }
        if let client, client.timedOut {
            verdict.violations.append(
                Finding(
                    rule: "client-finishes", level: ExpectationLevel.must.rawValue,
                    message: "the client did not finish within \(client.timeoutSeconds) s and was stopped: it hung"))
        }
        if !verdict.violations.isEmpty {
            verdict.outcome = .failed
        } else if !verdict.inconclusiveReasons.isEmpty {
            verdict.outcome = .inconclusive
        }
        return verdict
    }

    /// The evaluator of one expectation.
    static func evaluator(for expectation: ScenarioExpectation) -> any ExpectationEvaluator {
        switch expectation.rule {
        case .rejectsCertificate(let server):
            RejectsCertificate(server: server, because: expectation.because)
        case .requestSucceeds(let server, let path):
            RequestSucceeds(server: server, path: path, because: expectation.because)
        case .presentsClientCertificate(let server):
            PresentsClientCertificate(server: server, because: expectation.because)
        case .authenticates(let server, let path):
            Authenticates(server: server, path: path, because: expectation.because)
        case .noPreemptiveCredentials(let server):
            NoPreemptiveCredentials(server: server, because: expectation.because)
        case .maxAttempts(let server, let attempts):
            MaxAttempts(server: server, attempts: attempts, because: expectation.because)
        case .usesScheme(let server, let schemes):
            UsesScheme(server: server, schemes: schemes, because: expectation.because)
        case .neverReceives(let server, let header, let paths):
            NeverReceives(server: server, header: header, paths: paths, because: expectation.because)
        case .handshakeOnOneConnection(let server):
            HandshakeOnOneConnection(server: server, because: expectation.because)
        case .reusesCredentials(let server):
            ReusesCredentials(server: server, because: expectation.because)
        case .recoversFromStale(let server):
            RecoversFromStale(server: server, because: expectation.because)
        }
    }
}

/// How a client command ended, for the judge.
public struct ClientOutcome: Sendable, Equatable {
    /// The command's exit status, if it exited.
    public var exitStatus: Int32?
    /// Whether the harness stopped it after the timeout.
    public var timedOut: Bool
    /// The timeout, in seconds.
    public var timeoutSeconds: Int

    public init(exitStatus: Int32?, timedOut: Bool, timeoutSeconds: Int) {
        self.exitStatus = exitStatus
        self.timedOut = timedOut
        self.timeoutSeconds = timeoutSeconds
    }
}
