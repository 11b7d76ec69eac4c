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
        #expect(AuthGate(spec: AuthSpec(schemes: [.basic], account: account), isProxy: false).isStateless)
        #expect(
            AuthGate(spec: AuthSpec(schemes: [.bearer], account: account, token: "t0k3n"), isProxy: false).isStateless)
        for schemes: [AuthSchemeSpec] in [[.digestSHA256], [.ntlm], [.negotiate], [.digestSHA256, .basic]] {
            #expect(!AuthGate(spec: AuthSpec(schemes: schemes, account: account), isProxy: false).isStateless)
        }
    }

    @Test("Basic: the same credentials give the same decision; other credentials are judged afresh")
    func basic() {
        let gate = AuthGate(spec: Fixtures.basicAuth, isProxy: false)
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

    @Test("Digest is stateful: every request is judged by the gate (a fresh nonce in each challenge)")
    func digest() {
        let gate = AuthGate(
            spec: AuthSpec(schemes: [.digestSHA256], account: Fixtures.alice), isProxy: false)
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
