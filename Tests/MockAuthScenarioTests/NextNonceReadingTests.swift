import MockAuthScenario
import MockAuthVocabulary
import Testing

@Suite("Reading next-nonce on a Digest server, and the rule uses-next-nonce")
struct NextNonceReadingTests {
    static let base = """
        version: 1
        summary: A nextnonce after each accepted answer.
        servers:
          origin:
            tls: { profile: valid }
            auth:
              schemes: [digest-sha256, digest-md5]
              username: alice
              password: wonderland-7
              next-nonce: true
        client:
          requests: [{ server: origin, path: /docs/ }, { server: origin, path: /docs/second }]
          credentials: { username: alice, password: wonderland-7 }
        expect:
          - rule: uses-next-nonce
            server: origin
            level: should
          - rule: authenticates
            server: origin
        """

    @Test("next-nonce: true is read; the rule is uses-next-nonce, Digest only")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "digest-nextnonce", file: "digest-nextnonce.yaml")
        let auth = try #require(scenario.server("origin")?.auth)
        #expect(auth.nextNonce)
        #expect(scenario.expectations.first?.rule == UsesNextNonce(server: "origin"))
        #expect(UsesNextNonce(server: "origin").acceptedSchemes(server: "origin") == [.digest])

        let plain = Self.base.replacingOccurrences(of: "\n      next-nonce: true", with: "")
            .replacingOccurrences(of: "rule: uses-next-nonce", with: "rule: recovers-from-stale")
        let without = try Scenario(yaml: plain, name: "digest", file: "digest.yaml")
        #expect(without.server("origin")?.auth?.nextNonce == false)
    }

    @Test("next-nonce on a server without Digest is refused where it is written")
    func notDigest() throws {
        let yaml = Self.base.replacingOccurrences(of: "[digest-sha256, digest-md5]", with: "[basic]")
        let error = try #require(throws: ScenarioError.self) { try Scenario(yaml: yaml, name: "bad", file: "bad.yaml") }
        #expect(error.reason.contains("'next-nonce' is for Digest"), "\(error)")
        #expect(error.location?.line == 10, "\(error)")
        let word = Self.base.replacingOccurrences(of: "next-nonce: true", with: "next-nonce: always")
        #expect(throws: ScenarioError.self) { try Scenario(yaml: word, name: "bad", file: "bad.yaml") }
    }

    @Test(
        "every key only Digest reads is refused, where it is written, on a space without Digest",
        arguments: ["qop: [auth]", "nonce-lifetime: 30", "userhash: true"])
    func digestKeysWithoutDigest(_ key: String) throws {
        let yaml = Self.base.replacingOccurrences(of: "[digest-sha256, digest-md5]", with: "[basic]")
            .replacingOccurrences(of: "next-nonce: true", with: key)
            .replacingOccurrences(of: "rule: uses-next-nonce", with: "rule: no-preemptive-credentials")
        let error = try #require(throws: ScenarioError.self) { try Scenario(yaml: yaml, name: "bad", file: "bad.yaml") }
        let name = String(key.prefix { $0 != ":" })
        #expect(error.reason.contains("'\(name)' is for Digest"), "\(error)")
        #expect(error.location?.line == 10, "\(error)")
    }

    @Test("uses-next-nonce needs a server that sends nextnonces")
    func ruleWithoutNextNonce() throws {
        let yaml = Self.base.replacingOccurrences(of: "\n      next-nonce: true", with: "")
        let error = try #require(throws: ScenarioError.self) { try Scenario(yaml: yaml, name: "bad", file: "bad.yaml") }
        #expect(error.reason.contains("needs server 'origin' to send nextnonces"), "\(error)")
    }
}
