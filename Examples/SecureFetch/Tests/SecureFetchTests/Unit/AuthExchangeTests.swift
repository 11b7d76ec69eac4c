import Testing

@testable import SecureFetch

@Suite("Choosing and answering challenges, without a network")
struct AuthExchangeTests {
    let target: RequestTarget
    let alice = Credential(user: "alice", password: "pw")

    init() throws {
        target = try RequestTarget("https://127.0.0.1:8443/a/page")
    }

    /// Alice's credential for `realm` on the target's origin, and nothing else.
    func only(_ realm: String) -> (ProtectionSpace) -> Credential? {
        { [alice, target] space in space == target.protectionSpace(realm: realm) ? alice : nil }
    }

    func digest(_ realm: String, algorithm: String = "SHA-256", nonce: String = "n1", stale: Bool = false)
        -> String
    {
        #"Digest realm="\#(realm)", nonce="\#(nonce)", algorithm=\#(algorithm), qop="auth", stale=\#(stale)"#
    }

    @Test("Digest SHA-256 over Digest MD5 over Basic, whatever the order offered")
    func strongestFirst() {
        let offered = AuthChallenge.parse([#"Basic realm="r""#, digest("r", algorithm: "MD5"), digest("r")])
        let chosen = ChallengeSelection.choose(offered, on: target, credentials: only("r"))
        guard case .digest(let challenge) = chosen?.method else {
            Issue.record("chose \(String(describing: chosen))")
            return
        }
        #expect(challenge.algorithm == .sha256)
    }

    @Test("never Basic when Digest is offered, even a Digest this client cannot compute")
    func noBasicDowngrade() {
        let offered = AuthChallenge.parse([digest("r", algorithm: "SHA-512-256"), #"Basic realm="r""#])
        #expect(ChallengeSelection.choose(offered, on: target, credentials: only("r")) == nil)
    }

    @Test("a challenge for a realm the store has nothing for is not answered")
    func otherRealm() {
        var exchange = AuthExchange()
        let decision = exchange.challenged(
            after: nil, by: AuthChallenge.parse([#"Basic realm="beta""#]), on: target, credentials: only("alpha"))
        #expect(decision == .deliver(refused: nil))
    }

    @Test("answer once; a second 401 in the same realm is a refusal")
    func answerOnce() throws {
        var exchange = AuthExchange()
        let challenges = AuthChallenge.parse([#"Basic realm="alpha""#])
        guard
            case .answer(let attempt) = exchange.challenged(
                after: nil, by: challenges, on: target, credentials: only("alpha"))
        else {
            Issue.record("did not answer")
            return
        }
        let again = exchange.challenged(after: attempt, by: challenges, on: target, credentials: only("alpha"))
        #expect(again == .deliver(refused: target.protectionSpace(realm: "alpha")))
    }

    @Test("stale=true: one retry with the new nonce and nc=1, then a refusal")
    func staleOnce() {
        var exchange = AuthExchange()
        guard
            case .answer(var attempt) = exchange.challenged(
                after: nil, by: AuthChallenge.parse([digest("r")]), on: target, credentials: only("r"))
        else {
            Issue.record("did not answer")
            return
        }
        attempt.nonceCount = 7
        let stale = AuthChallenge.parse([digest("r", nonce: "n2", stale: true)])
        guard
            case .answer(let retry) = exchange.challenged(after: attempt, by: stale, on: target, credentials: only("r")),
            case .digest(let fresh) = retry.method
        else {
            Issue.record("did not retry on stale")
            return
        }
        #expect(fresh.nonce == "n2")
        #expect(retry.nonceCount == 1)
        let third = exchange.challenged(after: retry, by: stale, on: target, credentials: only("r"))
        #expect(third == .deliver(refused: target.protectionSpace(realm: "r")))
    }

    @Test("the cache covers the authenticated URL's directory and counts Digest nonces up")
    func cacheScope() throws {
        let cache = AuthCache()
        let parsed = try #require(AuthChallenge.parse([digest("r")]).first)
        let challenge = try #require(DigestChallenge(parsed))
        let attempt = AuthAttempt(
            space: target.protectionSpace(realm: "r"), method: .digest(challenge), credential: alice)
        cache.remember(attempt, for: target)
        #expect(cache.preemptive(for: try RequestTarget("https://127.0.0.1:8443/a/other"))?.nonceCount == 2)
        #expect(cache.preemptive(for: try RequestTarget("https://127.0.0.1:8443/a/x/y"))?.nonceCount == 3)
        #expect(cache.preemptive(for: try RequestTarget("https://127.0.0.1:8443/b/")) == nil)
        #expect(cache.preemptive(for: try RequestTarget("https://localhost:8443/a/other")) == nil)
        #expect(cache.preemptive(for: try RequestTarget("https://127.0.0.1:8444/a/other")) == nil)
    }
}
