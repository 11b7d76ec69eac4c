import MockAuthScenario
import Testing

@Suite("Reading close-after-challenge: any scheme on a proxy, a handshake on an origin")
struct CloseAfterChallengeReadingTests {
    static let proxy = """
        version: 1
        summary: A proxy whose 407 closes the connection.
        servers:
          proxy:
            proxy: true
            auth: { schemes: [basic], username: proxy-user, password: p, close-after-challenge: true }
          origin:
            tls: { profile: valid }
        client:
          proxy: { server: proxy, credentials: { username: proxy-user, password: p } }
        expect:
          - rule: authenticates
            server: proxy
        """

    @Test("a proxy's Basic or Digest challenge may close its connection")
    func proxy() throws {
        let basic = try Scenario(yaml: Self.proxy, name: "proxy-close", file: "proxy-close.yaml")
        #expect(basic.server("proxy")?.auth?.closesAfterChallenge == true)
        let digest = try Scenario(
            yaml: Self.proxy.replacingOccurrences(of: "[basic]", with: "[digest-sha256]"), name: "proxy-close",
            file: "proxy-close.yaml")
        #expect(digest.server("proxy")?.auth?.closesAfterChallenge == true)
    }

    @Test("an origin's Basic challenge keeps its connection: refused at the key, with what it is for")
    func origin() throws {
        let yaml = """
            version: 1
            summary: An origin whose Basic 401 would close.
            servers:
              origin:
                tls: { profile: valid }
                auth:
                  schemes: [basic]
                  username: alice
                  password: p
                  close-after-challenge: true
            expect:
              - rule: authenticates
                server: origin
            """
        let error = try #require(throws: ScenarioError.self) { try Scenario(yaml: yaml, name: "bad", file: "bad.yaml") }
        #expect(error.reason.contains("'close-after-challenge' is for a forward proxy"), "\(error)")
        #expect(error.reason.contains("an origin's basic challenge keeps its connection"), "\(error)")
        #expect(error.location?.line == 10, "\(error)")
        let ntlm = yaml.replacingOccurrences(of: "[basic]", with: "[ntlm]")
            .replacingOccurrences(of: "password: p\n", with: "password: p\n      domain: MOCKAUTH\n")
        let handshake = try Scenario(yaml: ntlm, name: "ntlm", file: "ntlm.yaml")
        #expect(handshake.server("origin")?.auth?.closesAfterChallenge == true)
    }
}
