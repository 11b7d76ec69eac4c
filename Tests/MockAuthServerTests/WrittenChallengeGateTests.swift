import MockAuthScenario
import MockAuthSchemes
import Testing

@testable import MockAuthServer

/// `auth.challenges`: the gate sends the written fields as they are, and the machines still decide.
@Suite("AuthGate with written challenges")
struct WrittenChallengeGateTests {
    func challengeValues(_ decision: GateDecision) -> [String] {
        guard case .challenge(let values) = decision else {
            Issue.record("expected a challenge, got \(decision)")
            return []
        }
        return values
    }

    func decide(_ gate: AuthGate, _ credentials: [String]) -> GateDecision {
        gate.check(method: "GET", target: "/", credentials: credentials, body: [], connectionID: 1).decision
    }

    @Test("Basic after an unknown scheme in one field: sent as written, verified by the Basic machine")
    func basicAfterNewauth() {
        let field = #"Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="mockauth""#
        var spec = Fixtures.basicAuth
        spec.writtenChallenges = [field]
        let gate = AuthGate(spec: spec, side: .origin)
        #expect(challengeValues(decide(gate, [])) == [field])
        #expect(decide(gate, [Fixtures.basic("alice", "secret")]) == .pass(responseHeaders: []))
        #expect(challengeValues(decide(gate, [Fixtures.basic("alice", "wrong")])) == [field])
        // Nothing verifies Newauth: credentials in it are refused, with the written challenge again.
        #expect(challengeValues(decide(gate, ["Newauth dG9rZW4="])) == [field])
        // On a proxy the same fields go in Proxy-Authenticate.
        let proxy = AuthGate(spec: spec, side: .proxy)
        #expect(proxy.challengeHeader == "Proxy-Authenticate")
        #expect(challengeValues(decide(proxy, [])) == [field])
    }

    @Test("Digest: each written challenge gets the nonce the machine minted, and an answer to it verifies")
    func digestNonceFilledIn() throws {
        var spec = AuthSpec(realm: "mockauth", schemes: [.digestSHA256, .digestMD5], account: Fixtures.alice)
        spec.writtenChallenges = [
            #"Digest realm="mockauth", qop="auth", algorithm=SHA-3-512, nonce="{nonce}""#,
            #"Digest realm="mockauth", qop="auth", algorithm=SHA-256, nonce="{nonce}""#,
            #"Digest realm="mockauth", qop="auth", algorithm=MD5, nonce="{nonce}""#,
        ]
        let gate = AuthGate(spec: spec, side: .origin)
        let values = challengeValues(decide(gate, []))
        let challenges = try values.map { try #require(try AuthParameterParser.parseChallenges($0).first) }
        let nonces = Set(challenges.compactMap { $0.parameter("nonce") })
        #expect(nonces.count == 1)
        let nonce = try #require(nonces.first)
        #expect(values[1] == #"Digest realm="mockauth", qop="auth", algorithm=SHA-256, nonce="\#(nonce)""#)
        #expect(challenges.allSatisfy { $0.parameter("opaque") == nil }, "no {opaque}: the machine mints none")
        func answer(_ algorithm: DigestAlgorithm, password: String) -> String {
            DigestCredentials(
                username: "alice", realm: "mockauth", nonce: nonce, uri: "/",
                response: DigestComputation.response(
                    algorithm: algorithm, username: "alice", realm: "mockauth", password: password, method: "GET",
                    uri: "/", nonce: nonce, nonceCount: "00000001", cnonce: "0a4f113b", qop: .auth, body: []),
                algorithmToken: algorithm.rawValue, cnonce: "0a4f113b", qopToken: "auth", nonceCountText: "00000001"
            ).headerValue
        }
        let refused = challengeValues(decide(gate, [answer(.sha256, password: "wrong")]))
        #expect(refused.count == 3)
        #expect(refused.allSatisfy { $0.hasPrefix(#"Digest realm="mockauth", qop="auth", algorithm="#) })
        guard case .pass = decide(gate, [answer(.sha256, password: "secret")]) else {
            Issue.record("an answer to the SHA-256 challenge with the right password must pass")
            return
        }
    }

    @Test("a stale nonce is answered with the machine's own challenges, which carry stale=true")
    func staleKeepsTheMachinesValues() {
        var spec = AuthSpec(realm: "mockauth", schemes: [.digestMD5], account: Fixtures.alice)
        spec.writtenChallenges = [#"Digest realm="mockauth", qop="auth", nonce="{nonce}""#]
        let fresh = #"Digest realm="mockauth", qop="auth", algorithm=MD5, nonce="n1", opaque="o1""#
        #expect(spec.challengeFields([fresh]) == [#"Digest realm="mockauth", qop="auth", nonce="n1""#])
        let stale = #"Digest realm="mockauth", qop="auth", algorithm=MD5, nonce="n2", opaque="o2", stale=true"#
        #expect(spec.challengeFields([stale]) == [stale])
    }
}
