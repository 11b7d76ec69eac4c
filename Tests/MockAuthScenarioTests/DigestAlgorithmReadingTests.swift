import MockAuthScenario
import Testing

@Suite("Reading uses-digest-algorithm: one algorithm or several, RFC 7616 tokens only")
struct DigestAlgorithmReadingTests {
    static func yaml(_ parameters: String) -> String {
        """
        version: 1
        summary: Digest.
        servers:
          origin:
            auth: { schemes: [digest-sha256, digest-md5], username: alice, password: secret }
        client:
          credentials: { username: alice, password: secret }
        expect:
          - rule: uses-digest-algorithm
            server: origin
        \(parameters)
        """
    }

    func read(_ parameters: String) throws -> Scenario {
        try Scenario(yaml: Self.yaml(parameters), name: "digest", file: "digest.yaml")
    }

    @Test("algorithm and algorithms are read as written")
    func reads() throws {
        #expect(
            try read("    algorithm: SHA-256").expectations.first?.rule
                == UsesDigestAlgorithm(server: "origin", algorithms: ["SHA-256"]))
        #expect(
            try read("    algorithms: [SHA-256, sha-512-256]").expectations.first?.rule
                == UsesDigestAlgorithm(server: "origin", algorithms: ["SHA-256", "sha-512-256"]))
    }

    func error(_ parameters: String) -> ScenarioError? {
        do {
            _ = try Scenario(yaml: Self.yaml(parameters), name: "digest", file: "digest.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("an unknown algorithm, or none, is an error that says what to write")
    func errors() {
        let unknown = error("    algorithm: SHA3-256")?.description ?? "no error"
        #expect(unknown.contains("unknown Digest algorithm 'SHA3-256'"), "\(unknown)")
        #expect(unknown.contains("SHA-512-256-sess"), "\(unknown)")
        let none = error("")?.description ?? "no error"
        #expect(none.contains("'uses-digest-algorithm' needs 'algorithm' or 'algorithms'"), "\(none)")
    }
}
