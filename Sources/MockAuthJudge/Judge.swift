import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict

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
        var findings = scenario.expectations.map {
            finding(
                for: $0, client: scenario.client, refreshToken: scenario.refreshToken, transcript: transcript,
                exit: client)
        }
        if let client, client.timedOut {
            findings.append(
                Finding(
                    rule: .clientFinishes, outcome: .violated,
                    reason: "the client did not finish within \(client.timeoutSeconds) s and was stopped: it hung"))
        }
        var verdict = Verdict(scenario: scenario.name, result: .pass, findings: findings, client: client)
        verdict.result = result(of: findings)
        if let overflow = transcript.overflow { verdict.note = overflow.words }
        return verdict
    }

    /// The verdict for a client that cannot take part (it lacks a feature the scenario needs).
    package static func skipped(_ scenario: String, because reason: String, client: ClientExit? = nil) -> Verdict {
        Verdict(scenario: scenario, result: .skip, client: client, note: reason)
    }

    /// The verdict for a client whose library lacks a feature the scenario needs, by its documentation.
    package static func unsupported(_ scenario: String, because reason: String) -> Verdict {
        Verdict(scenario: scenario, result: .unsupported, note: reason)
    }

    /// The verdict when the harness itself failed and the client could not be judged.
    package static func harnessFailed(_ scenario: String, because reason: String) -> Verdict {
        Verdict(scenario: scenario, result: .error, note: reason)
    }

    /// The wrong-reason rule: `verdict` is about a scenario and `control` about its control (the twin
    /// that breaks nothing), for the same client. A client that does not pass the control is not
    /// credited for passing here: it would have refused anyway, so the verdict becomes INCONCLUSIVE,
    /// with the reason. Nor is it failed here for what it fails there: when every rule it violates
    /// here it violates on the control too, on the same server, it never reached what this scenario
    /// adds to its control (a proxy's 407 that closes the connection, for a client that answers no
    /// 407 at all), and the verdict is INCONCLUSIVE. A skipped control credits nothing and blames
    /// nothing.
    package static func applyingControl(_ control: Verdict, to verdict: Verdict) -> Verdict {
        var verdict = verdict
        verdict.control = ControlResult(scenario: control.scenario, result: control.result, reason: control.reason)
        if verdict.result == .fail, control.result == .fail, let shared = failedTheSameWay(verdict, as: control) {
            verdict.findings.append(
                Finding(
                    rule: .control, outcome: .notExercised,
                    reason:
                        "the client fails the control \(control.scenario) the same way (\(shared.description)), so what this scenario adds was never tested"
                ))
            verdict.result = .inconclusive
            return verdict
        }
        guard verdict.result == .pass else { return verdict }
        switch control.result {
        case .pass, .skip, .unsupported:
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

    /// The control's failing finding for the first of `verdict`'s, when each rule `verdict` fails is
    /// also failed on `control`, on the same server; `nil` when one is not.
    private static func failedTheSameWay(_ verdict: Verdict, as control: Verdict) -> Finding? {
        let failed = verdict.findings.filter(\.failsVerdict)
        let there = control.findings.filter(\.failsVerdict)
        guard !failed.isEmpty,
            failed.allSatisfy({ finding in there.contains { $0.rule == finding.rule && $0.server == finding.server } })
        else { return nil }
        return there.first { $0.rule == failed[0].rule && $0.server == failed[0].server }
    }

    /// FAIL when a `must` that is not a precondition was violated; else INCONCLUSIVE when a
    /// precondition was not met (violated or not exercised) or a `must` was not exercised; else PASS.
    static func result(of findings: [Finding]) -> VerdictResult {
        if findings.contains(where: \.failsVerdict) { return .fail }
        if findings.contains(where: \.leavesVerdictInconclusive) { return .inconclusive }
        return .pass
    }

    /// What one expectation concluded from the transcript, as a finding.
    ///
    /// A behaviour rule's `because` ends its violation's sentence (the evaluator writes it). A
    /// precondition's `because` says what cannot be known without it: the judge adds it, after the
    /// evaluator's own sentence (the step the client declined), to a violation and to a rule never
    /// exercised alike, for every rule.
    static func finding(
        for expectation: ScenarioExpectation, client: ClientSpec, refreshToken: String? = nil, transcript: Transcript,
        exit: ClientExit? = nil
    ) -> Finding {
        let context = RuleContext(
            because: expectation.precondition ? nil : expectation.because, client: client, refreshToken: refreshToken,
            exit: exit)
        var result = expectation.rule.evaluate(transcript, context: context)
        if expectation.precondition, result.outcome != .met {
            result.reason = preconditionReason(result.reason, because: expectation.because)
        }
        return Finding(
            rule: .scenario(expectation.rule.name), server: expectation.rule.judgedServer, level: expectation.level,
            precondition: expectation.precondition, outcome: result.outcome, reason: result.reason)
    }

    /// "origin (…) received 2 requests (the first GET /login) and none carried cookie sid, which a
    /// server set, so whether it keeps sid to /account is not known".
    static func preconditionReason(_ sentence: String, because: String?) -> String {
        let unknown = because.flatMap { $0.isEmpty ? nil : $0 } ?? "what the scenario tests was never reached"
        return "\(sentence), so \(unknown)"
    }
}
