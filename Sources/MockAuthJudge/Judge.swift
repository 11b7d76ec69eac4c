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
    /// - Parameter client: how the client command ended, when the harness ran one. A client that
    ///   hung fails; one that exited 89 ("unsupported") is skipped.
    public static func verdict(for scenario: Scenario, transcript: Transcript, client: ClientExit? = nil) -> Verdict {
        if let client, client.reportedUnsupported {
            return skipped(
                scenario.name, because: "the client reports it does not support what the scenario needs (exit 89)",
                client: client)
        }
        var findings = scenario.expectations.map { expectation in
            let result = evaluator(for: expectation, client: scenario.client).evaluate(transcript)
            return Finding(
                rule: .scenario(expectation.rule.name), server: expectation.rule.server, level: expectation.level,
                outcome: result.outcome, reason: result.reason)
        }
        if let client, client.timedOut {
            findings.append(
                Finding(
                    rule: .clientFinishes, outcome: .violated,
                    reason: "the client did not finish within \(client.timeoutSeconds) s and was stopped: it hung"))
        }
        var verdict = Verdict(scenario: scenario.name, result: .pass, findings: findings, client: client)
        verdict.result = result(of: findings)
        if let overflow = transcript.overflow {
            let dropped = overflow.droppedRequests.values.reduce(0, +)
            verdict.note =
                "the transcript reached its limit of \(overflow.limit) records per server: \(dropped) requests unlike any before were counted, not kept, and no rule saw them"
        }
        return verdict
    }

    /// The verdict for a client that cannot take part (it lacks a feature the scenario needs).
    package static func skipped(_ scenario: String, because reason: String, client: ClientExit? = nil) -> Verdict {
        Verdict(scenario: scenario, result: .skip, client: client, note: reason)
    }

    /// The verdict when the harness itself failed and the client could not be judged.
    package static func harnessFailed(_ scenario: String, because reason: String) -> Verdict {
        Verdict(scenario: scenario, result: .error, note: reason)
    }

    /// The wrong-reason rule: `verdict` is about a rejection scenario and `control` about its control
    /// (the twin that breaks nothing), for the same client. A client that does not pass the control
    /// is not credited for passing the rejection: it would have refused anyway, so the verdict
    /// becomes INCONCLUSIVE, with the reason. A skipped control credits nothing and blames nothing.
    package static func applyingControl(_ control: Verdict, to verdict: Verdict) -> Verdict {
        var verdict = verdict
        verdict.control = ControlResult(scenario: control.scenario, result: control.result, reason: control.reason)
        guard verdict.result == .pass else { return verdict }
        switch control.result {
        case .pass, .skip:
            return verdict
        case .fail, .inconclusive, .error:
            verdict.findings.append(
                Finding(
                    rule: .control, outcome: .notExercised,
                    reason:
                        "the client also fails the control \(control.scenario) (\(control.result.label): \(control.reason)), so refusing here proves nothing"
                ))
            verdict.result = result(of: verdict.findings)
            return verdict
        }
    }

    /// FAIL when a `must` was violated, else INCONCLUSIVE when a `must` was not exercised, else PASS.
    static func result(of findings: [Finding]) -> VerdictResult {
        let must = findings.filter { $0.level == .must }
        if must.contains(where: { $0.outcome == .violated }) { return .fail }
        if must.contains(where: { $0.outcome == .notExercised }) { return .inconclusive }
        return .pass
    }

    /// The evaluator of one expectation.
    static func evaluator(for expectation: ScenarioExpectation, client: ClientSpec) -> any ExpectationEvaluator {
        evaluator(for: expectation.rule, because: expectation.because, client: client)
    }

    /// The evaluator of one rule; `because` ends its violations' sentences, and `client` is what
    /// the client was given (the body `request-body` compares with).
    static func evaluator(for rule: ExpectationRule, because: String?, client: ClientSpec) -> any ExpectationEvaluator {
        switch rule {
        case .rejectsCertificate(let server):
            RejectsCertificate(server: server, because: because)
        case .requestSucceeds(let server, let path):
            RequestSucceeds(server: server, path: path, because: because)
        case .presentsClientCertificate(let server):
            PresentsClientCertificate(server: server, because: because)
        case .withholdsClientCertificate(let server):
            WithholdsClientCertificate(server: server, because: because)
        case .authenticates(let server, let path, let afterChallenge):
            Authenticates(server: server, path: path, afterChallenge: afterChallenge, because: because)
        case .authenticatesAs(let server, let path, let user):
            AuthenticatesAs(server: server, path: path, user: user, because: because)
        case .noPreemptiveCredentials(let server):
            NoPreemptiveCredentials(server: server, because: because)
        case .maxAttempts(let server, let attempts):
            MaxAttempts(server: server, attempts: attempts, because: because)
        case .maxRequests(let server, let requests):
            MaxRequests(server: server, requests: requests, because: because)
        case .usesScheme(let server, let schemes):
            UsesScheme(server: server, schemes: schemes, because: because)
        case .usesDigestAlgorithm(let server, let algorithms):
            UsesDigestAlgorithm(server: server, algorithms: algorithms, because: because)
        case .neverReceives(let server, let header, let paths, let cookie):
            NeverReceives(server: server, header: header, paths: paths, cookie: cookie, because: because)
        case .receives(let server, let header, let cookie):
            Receives(server: server, header: header, cookie: cookie, because: because)
        case .requestBody(let server, let path, let methods, let body):
            RequestBody(
                server: server, path: path, methods: methods, expected: body, given: client.body, because: because)
        case .handshakeOnOneConnection(let server):
            HandshakeOnOneConnection(server: server, because: because)
        case .reusesCredentials(let server):
            ReusesCredentials(server: server, because: because)
        case .recoversFromStale(let server):
            RecoversFromStale(server: server, because: because)
        case .refusesRedirect(let server):
            RefusesRedirect(server: server, because: because)
        case .sessionResumption(let server, let resumed):
            SessionResumption(server: server, resumed: resumed, because: because)
        case .httpVersion(let server, let version):
            HTTPVersionUsed(server: server, version: version, because: because)
        case .heedsRevocation(let server, let revocation):
            HeedsRevocation(server: server, revocation: revocation, because: because)
        case .upgradesToHTTPS(let server, let path):
            UpgradesToHTTPS(server: server, path: path, because: because)
        case .connectsByName(let server):
            ConnectsByName(server: server, because: because)
        case .anyOf(let alternatives):
            // The alternatives' own sentences stand alone; the reason ends the whole.
            AnyOf(alternatives: alternatives.map { evaluator(for: $0, because: nil, client: client) }, because: because)
        }
    }
}
