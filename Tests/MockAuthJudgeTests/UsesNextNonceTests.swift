import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

@Suite("Judge: uses-next-nonce and the expectations of digest-nextnonce, read from the nonce each answer used")
struct UsesNextNonceTests {
    /// digest-nextnonce's servers and expectations.
    static let yaml = """
        version: 1
        summary: nextnonce
        servers:
          origin:
            tls: { profile: valid }
            auth: { schemes: [digest-sha256, digest-md5], username: alice, password: wonderland-7, next-nonce: true }
        client:
          requests: [{ server: origin, path: /docs/ }, { server: origin, path: /docs/second }]
          credentials: { username: alice, password: wonderland-7 }
        expect:
          - { rule: authenticates, server: origin, path: /docs/, precondition: true }
          - { rule: authenticates, server: origin, path: /docs/second }
          - rule: any-of
            of:
              - { rule: uses-next-nonce, server: origin }
              - { rule: recovers-from-stale, server: origin }
          - { rule: uses-next-nonce, server: origin, level: should, because: it ignored the nextnonce }
          - { rule: max-attempts, server: origin, attempts: 1 }
          - { rule: no-preemptive-credentials, server: origin }
        """

    static let counted = "Digest SHA-256 qop=auth nc=00000001"
    static let replaced = "nonce replaced by the nextnonce sent after its last use (stale)"

    func verdict(_ requests: [RequestRecord]) throws -> Verdict {
        let scenario = try Scenario(yaml: Self.yaml, name: "digest-nextnonce", file: "digest-nextnonce.yaml")
        let numbered = requests.enumerated().map { index, request in
            var request = request
            request.sequence = UInt64(index + 1)
            request.lastSequence = request.sequence
            return request
        }
        return Judge.verdict(
            for: scenario,
            transcript: Transcript(connections: [ConnectionRecord(id: 1, server: "origin", requests: numbered)]))
    }

    /// A request the origin judged; `nonce` is the nonce its Digest answer used (none: no credentials).
    static func request(
        _ target: String, _ status: Int, _ decision: AuthOutcome, nonce: DigestNonceUse? = nil, reason: String = ""
    ) -> RequestRecord {
        let carried = decision != .challenged
        return RequestRecord(
            method: "GET", target: target, responseStatus: status,
            auth: AuthRecord(
                decision: decision, header: "Authorization", realm: "mockauth", offered: [.digest],
                scheme: carried ? "Digest" : nil, username: carried && decision != .malformed ? "alice" : nil,
                reason: reason, digestNonce: nonce))
    }

    /// /docs/ challenged, then accepted on the challenge's nonce.
    static let first = [
        request("/docs/", 401, .challenged, reason: "no credentials"),
        request("/docs/", 200, .authenticated, nonce: .challenge, reason: counted),
    ]

    func finding(_ verdict: Verdict, level: ExpectationLevel) -> Finding? {
        verdict.findings.first { $0.rule.description == "uses-next-nonce" && $0.level == level }
    }

    @Test("the nextnonce, counted from 1, passes with no warning")
    func usesIt() throws {
        let judged = try verdict(
            Self.first + [Self.request("/docs/second", 200, .authenticated, nonce: .nextNonce, reason: Self.counted)])
        #expect(judged.result == .pass)
        #expect(judged.warnings.isEmpty)
        #expect(
            finding(judged, level: .should)?.reason
                == "GET /docs/second answered with the nextnonce sent with the answer to GET /docs/ "
                + "(Digest SHA-256 qop=auth nc=00000001) and was accepted without a new challenge")
    }

    @Test("the replaced nonce, then the fresh one after stale=true, passes with the should reported")
    func recoversFromStale() throws {
        let judged = try verdict(
            Self.first + [
                Self.request("/docs/second", 401, .refused, nonce: .replaced, reason: Self.replaced),
                Self.request("/docs/second", 200, .authenticated, nonce: .challenge, reason: Self.counted),
            ])
        #expect(judged.result == .pass)
        #expect(judged.warnings.count == 1)
        #expect(
            finding(judged, level: .should)?.reason
                == "GET /docs/second answered with the nonce that the nextnonce sent with the answer to GET /docs/ "
                + "had replaced, and was answered 401 (\(Self.replaced)): it ignored the nextnonce")
    }

    @Test("a fresh challenge for every request never uses either nonce: inconclusive, never a pass")
    func keepsNoNonce() throws {
        let judged = try verdict(
            Self.first + [
                Self.request("/docs/second", 401, .challenged, reason: "no credentials"),
                Self.request("/docs/second", 200, .authenticated, nonce: .challenge, reason: Self.counted),
            ])
        #expect(judged.result == .inconclusive)
        #expect(
            finding(judged, level: .should)?.reason
                == "GET /docs/second carried no credentials and was challenged again: it did not use the nextnonce "
                + "sent with the answer to GET /docs/: it ignored the nextnonce")
    }

    @Test("the nextnonce counted on from the replaced nonce (a 400) fails")
    func continuesTheCount() throws {
        let reason =
            "nonce count nc=00000002 on the first use of the nextnonce (a new nonce is counted from 00000001, RFC 7616 section 3.4)"
        let judged = try verdict(Self.first + [Self.request("/docs/second", 400, .malformed, reason: reason)])
        #expect(judged.result == .fail)
        #expect(judged.violations.map(\.rule.description) == ["authenticates"])
        #expect(
            finding(judged, level: .should)?.reason
                == "GET /docs/second was answered 400: \(reason): it ignored the nextnonce")
    }

    @Test("stale=true taken for a wrong password (no retry) fails the any-of too")
    func givesUpOnStale() throws {
        let judged = try verdict(
            Self.first + [Self.request("/docs/second", 401, .refused, nonce: .replaced, reason: Self.replaced)])
        #expect(judged.result == .fail)
        #expect(judged.violations.map(\.rule.description) == ["authenticates", "any-of"])
        #expect(
            judged.violations.last?.reason.contains(
                "after stale=true for GET /docs/second the client never retried with the new nonce") == true)
    }

    @Test("a client that never reached a second request is not exercised by uses-next-nonce")
    func oneRequestOnly() throws {
        let judged = try verdict(Self.first)
        #expect(finding(judged, level: .should)?.outcome == .notExercised)
        #expect(
            finding(judged, level: .should)?.reason
                == "the client made no request to origin after GET /docs/, whose answer carried the nextnonce")
    }
}
