import MockAuthScenario
import MockAuthVerdict
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

/// The wrong-reason rule (`Judge.applyingControl`) on a FAIL: a client is failed here only for what it
/// does not fail on the control the same way.
@Suite("Judge: a FAIL against its control")
struct ControlRuleTests {
    static func violated(_ rule: RuleName, _ server: String, _ reason: String = "x") -> Finding {
        Finding(rule: .scenario(rule), server: server, outcome: .violated, reason: reason)
    }

    static func verdict(_ scenario: String, _ findings: [Finding]) -> Verdict {
        Verdict(scenario: scenario, result: Judge.result(of: findings), findings: findings)
    }

    @Test("every rule violated here violated on the control, on the same server: INCONCLUSIVE, saying which")
    func sameFailure() {
        let control = Self.verdict(
            "proxy-connect",
            [
                Self.violated(Authenticates.name, "proxy", "the client never answered the challenge of proxy"),
                Self.violated(RequestSucceeds.name, "origin"),
            ])
        let here = Self.verdict(
            "proxy-407-connection-close",
            [Self.violated(Authenticates.name, "proxy"), Self.violated(RequestSucceeds.name, "origin")])
        let judged = Judge.applyingControl(control, to: here)
        #expect(judged.result == .inconclusive)
        #expect(judged.control?.result == .fail)
        #expect(
            judged.findings.last?.reason
                == "the client fails the control proxy-connect the same way (authenticates: the client never answered the challenge of proxy), so what this scenario adds was never tested"
        )
    }

    @Test("a rule violated here alone, another server, or a control passed: the FAIL stands")
    func differentFailure() {
        let here = Self.verdict(
            "challenge-missing",
            [Self.violated(NeverReceives.name, "origin"), Self.violated(MaxRequests.name, "origin")])
        let control = Self.verdict("basic", [Self.violated(MaxRequests.name, "origin")])
        #expect(Judge.applyingControl(control, to: here).result == .fail, "never-receives fails here alone")
        let elsewhere = Self.verdict("basic", [Self.violated(NeverReceives.name, "other")])
        #expect(Judge.applyingControl(elsewhere, to: here).result == .fail, "another server")
        let passed = Self.verdict("basic", [])
        #expect(Judge.applyingControl(passed, to: here).result == .fail)
        let inconclusive = Verdict(
            scenario: "basic", result: .inconclusive,
            findings: [
                Finding(rule: .scenario(NeverReceives.name), server: "origin", outcome: .notExercised, reason: "y")
            ])
        #expect(
            Judge.applyingControl(inconclusive, to: here).result == .fail, "only a failed control answers for a FAIL")
    }
}
