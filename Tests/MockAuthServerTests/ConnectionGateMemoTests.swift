import MockAuthScenario
import MockAuthTranscript
import Testing

@testable import MockAuthServer

/// A connection's memo of its last stateless decision: the same credentials on the same connection
/// get the same decision without being decoded again; a stateful gate is always asked.
@Suite("Connection gate memo")
struct ConnectionGateMemoTests {
    func check(_ memo: inout ConnectionGateMemo, _ gate: AuthGate, _ credentials: [String]) -> GateResult {
        memo.check(gate, method: "GET", target: "/", credentials: credentials, body: [], connectionID: 1)
    }

    @Test("Basic and Bearer spaces are stateless; Digest, NTLM and Negotiate (or a mix) are not")
    func statelessness() {
        let account = Fixtures.alice
        #expect(AuthGate(spec: AuthSpec(schemes: [.basic], account: account), side: .origin).isStateless)
        #expect(
            AuthGate(spec: AuthSpec(schemes: [.bearer], account: account, token: "t0k3n"), side: .origin).isStateless)
        for schemes: [AuthSchemeSpec] in [[.digestSHA256], [.ntlm], [.negotiate], [.digestSHA256, .basic]] {
            #expect(!AuthGate(spec: AuthSpec(schemes: schemes, account: account), side: .origin).isStateless)
        }
    }

    @Test("Basic: the same credentials give the same decision; other credentials are judged afresh")
    func basic() {
        let gate = AuthGate(spec: Fixtures.basicAuth, side: .origin)
        var memo = ConnectionGateMemo()
        let right = [Fixtures.basic("alice", "secret")]
        let first = check(&memo, gate, right)
        let again = check(&memo, gate, right)
        #expect(first.record.decision == .authenticated && again.record == first.record)
        let wrong = check(&memo, gate, [Fixtures.basic("alice", "not-secret")])
        #expect(wrong.record.decision == .refused, "a new value is verified, not taken from the memo")
        #expect(check(&memo, gate, right).record.decision == .authenticated)
        #expect(check(&memo, gate, []).record.decision == .challenged)
    }

    @Test(
        "Bearer: a token canonically equivalent to the right one but not the same bytes (KELVIN SIGN for K) is judged afresh, and not accepted, on the connection and by the gate's own memo"
    )
    func canonicalEquivalentIsNotTheSame() {
        let gate = AuthGate(
            spec: AuthSpec(schemes: [.bearer], account: Fixtures.alice, token: "t0k3nK"), side: .origin)
        var memo = ConnectionGateMemo()
        let right = ["Bearer t0k3nK"]
        let lookalike = ["Bearer t0k3n\u{212A}"]
        #expect(right == lookalike, "Swift's String == compares by canonical equivalence")
        #expect(check(&memo, gate, right).record.decision == .authenticated)
        // Judged afresh, the lookalike is no token68 at all (RFC 6750 §2.1): malformed.
        #expect(check(&memo, gate, lookalike).record.decision == .malformed, "the connection's memo took it")
        var fresh = ConnectionGateMemo()
        #expect(check(&fresh, gate, right).record.decision == .authenticated)
        #expect(
            gate.check(method: "GET", target: "/", credentials: lookalike, body: [], connectionID: 2).record.decision
                == .malformed, "the gate's memo took it")
    }

    @Test("Digest is stateful: every request is judged by the gate (a fresh nonce in each challenge)")
    func digest() {
        let gate = AuthGate(
            spec: AuthSpec(schemes: [.digestSHA256], account: Fixtures.alice), side: .origin)
        var memo = ConnectionGateMemo()
        let first = check(&memo, gate, [])
        let second = check(&memo, gate, [])
        guard case .challenge(let one) = first.decision, case .challenge(let two) = second.decision else {
            Issue.record("Digest did not challenge")
            return
        }
        #expect(one != two, "the memo answered a stateful gate: \(one) \(two)")
    }
}
