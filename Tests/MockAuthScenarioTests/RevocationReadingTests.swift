import MockAuthScenario
import Testing

@Suite("Reading revocation: the revocation server key, the revocation profiles and heeds-revocation")
struct RevocationReadingTests {
    static let base = """
        version: 1
        summary: Revoked.
        servers:
          revocation:
            revocation: true
          origin:
            tls: { profile: revoked-crl }
        expect:
          - rule: heeds-revocation
            server: origin
            revocation: revocation
        """

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try Scenario(yaml: yaml, name: "revoked", file: "revoked.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("the server, the profile and the rule are read; the client's default request goes to the origin")
    func reads() throws {
        let scenario = try Scenario(yaml: Self.base, name: "revoked", file: "revoked.yaml")
        #expect(scenario.server("revocation")?.role == .revocation)
        #expect(scenario.server("origin")?.tls?.profile == .revokedCRL)
        #expect(scenario.expectations.first?.rule == HeedsRevocation(server: "origin", revocation: "revocation"))
        #expect(scenario.client.requests.map(\.server) == ["origin"])
    }

    @Test("a revocation profile without a revocation server is an error")
    func profileNeedsServer() {
        let yaml = Self.base.replacingOccurrences(of: "  revocation:\n    revocation: true\n", with: "")
            .replacingOccurrences(
                of: "  - rule: heeds-revocation\n    server: origin\n    revocation: revocation\n",
                with: "  - rule: rejects-certificate\n    server: origin\n")
        #expect(error(yaml)?.description.contains("points its leaf at a revocation server, and there is none") == true)
    }

    @Test(
        "a revocation server takes no tls, routes, auth, proxy or http2",
        arguments: ["tls: { profile: valid }", "http2: true", "proxy: true"])
    func plain(_ line: String) {
        let yaml = Self.base.replacingOccurrences(
            of: "    revocation: true\n", with: "    revocation: true\n    \(line)\n")
        #expect(error(yaml)?.description.contains("a revocation server speaks plain HTTP") == true, "\(line)")
    }

    @Test("two revocation servers are an error")
    func two() {
        let yaml = Self.base.replacingOccurrences(
            of: "  origin:\n", with: "  second:\n    revocation: true\n  origin:\n")
        #expect(error(yaml)?.description.contains("at most one revocation server") == true)
    }

    @Test("heeds-revocation must name the revocation server")
    func namesRevocationServer() {
        let yaml = (Self.base + "\n").replacingOccurrences(
            of: "    revocation: revocation\n", with: "    revocation: origin\n")
        #expect(error(yaml)?.description.contains("'origin' is not the scenario's revocation server") == true)
        let missing = (Self.base + "\n").replacingOccurrences(of: "    revocation: revocation\n", with: "")
        #expect(error(missing)?.code == .missingKey)
    }
}
