import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

@Suite("Judge: uses-kerberos, withholds-delegation and checks-mutual-authentication")
struct KerberosRuleTests {
    static let realm = "MOCKAUTH-0000ABCD.TEST"
    static let service = "HTTP/intranet.test@\(realm)"
    static let client = "alice@\(realm)"

    /// The Kerberos scenarios' origin with `kerberos` as its key's value, and `expect` as its list.
    static func scenario(_ kerberos: String, _ expect: String) throws -> Scenario {
        try Scenario(
            yaml: """
                version: 1
                summary: Kerberos.
                servers:
                  origin:
                    host: intranet.test
                    tls: { profile: valid }
                    auth: { schemes: [negotiate, ntlm, basic], username: alice, password: wonderland-7, kerberos: \(kerberos) }
                client:
                  credentials: { username: alice, password: wonderland-7, domain: MOCKAUTH }
                expect:
                \(expect)
                """, name: "negotiate-kerberos-test", file: "negotiate-kerberos-test.yaml")
    }

    static let usesKerberos = try? scenario(
        "true", "  - { rule: uses-kerberos, server: origin, because: it did not answer with a ticket }")
    static let withholds = try? scenario(
        "{ trusted-for-delegation: false }",
        """
          - { rule: uses-kerberos, server: origin, precondition: true }
          - { rule: withholds-delegation, server: origin, because: it delegated }
        """)
    static let mutual = try? scenario(
        "{ reply: forged }",
        """
          - { rule: uses-kerberos, server: origin, precondition: true }
          - { rule: checks-mutual-authentication, server: origin, because: it accepted a forged AP-REP }
        """)

    /// The 401 every exchange starts with.
    static let challenged = RequestRecord(
        method: "GET", target: "/", responseStatus: 401,
        auth: AuthRecord(decision: .challenged, header: "Authorization", realm: "mockauth", offered: [.negotiate]))

    /// A request carrying a Kerberos ticket for `service`, judged `decision`.
    static func ticket(
        _ decision: AuthOutcome, service: String = service, mutual: Bool = true, delegated: Bool = false,
        reason: String = ""
    ) -> RequestRecord {
        let verified = decision == .authenticated
        return RequestRecord(
            method: "GET", target: "/", responseStatus: verified ? 200 : 401,
            auth: AuthRecord(
                decision: decision, header: "Authorization", realm: "mockauth", offered: [.negotiate],
                scheme: "Negotiate", username: verified ? client : nil, reason: reason,
                kerberos: KerberosTicket(
                    servicePrincipal: service, clientPrincipal: verified ? client : nil, mutualRequested: mutual,
                    delegated: delegated)))
    }

    /// A request answered with another scheme (NTLM inside SPNEGO reports scheme Negotiate, no ticket).
    static func other(_ scheme: String, _ decision: AuthOutcome = .authenticated) -> RequestRecord {
        RequestRecord(
            method: "GET", target: "/", responseStatus: decision == .authenticated ? 200 : 401,
            auth: AuthRecord(
                decision: decision, header: "Authorization", realm: "mockauth", offered: [.negotiate],
                scheme: scheme, username: "alice", reason: "\(scheme): NTLMv2"))
    }

    static func transcript(_ requests: [RequestRecord]) -> Transcript {
        let numbered = requests.enumerated().map { index, request in
            var request = request
            request.sequence = UInt64(index + 1)
            request.lastSequence = request.sequence
            return request
        }
        return Transcript(
            connections: numbered.isEmpty ? [] : [ConnectionRecord(id: 1, server: "origin", requests: numbered)])
    }

    func finding(_ scenario: Scenario?, _ requests: [RequestRecord], rule: String, exit: ClientExit? = nil) throws
        -> Finding
    {
        let scenario = try #require(scenario)
        let verdict = Judge.verdict(for: scenario, transcript: Self.transcript(requests), client: exit)
        return try #require(verdict.findings.first { $0.rule.description == rule })
    }

    func verdict(_ scenario: Scenario?, _ requests: [RequestRecord], exit: ClientExit? = nil) throws -> Verdict {
        Judge.verdict(for: try #require(scenario), transcript: Self.transcript(requests), client: exit)
    }

    static let exited0 = ClientExit(status: 0, timedOut: false, timeoutSeconds: 60)
    static let exited1 = ClientExit(status: 1, timedOut: false, timeoutSeconds: 60)

    // MARK: uses-kerberos

    @Test("uses-kerberos: met by a verified ticket, with the server's reason")
    func usesKerberosMet() throws {
        let found = try finding(
            Self.usesKerberos,
            [Self.challenged, Self.ticket(.authenticated, reason: "Negotiate (Kerberos): verified")],
            rule: "uses-kerberos")
        #expect(found.outcome == .met)
        #expect(found.reason.contains("carried a Kerberos ticket, verified: Negotiate (Kerberos): verified"))
        #expect(try verdict(Self.usesKerberos, [Self.challenged, Self.ticket(.authenticated)]).result == .pass)
    }

    @Test("uses-kerberos: violated by a ticket for HTTP/host:port the server refused, naming its reason")
    func usesKerberosWrongPrincipal() throws {
        let reason = "the Kerberos ticket is for HTTP/intranet.test:4431@\(Self.realm), not for this server"
        let found = try finding(
            Self.usesKerberos,
            [Self.challenged, Self.ticket(.refused, service: "HTTP/intranet.test:4431@\(Self.realm)", reason: reason)],
            rule: "uses-kerberos")
        #expect(found.outcome == .violated)
        #expect(found.reason.contains("carried a Kerberos ticket the server refused: \(reason)"))
        #expect(found.reason.contains("it did not answer with a ticket"), "the because: \(found.reason)")
    }

    @Test("uses-kerberos: violated by NTLM inside SPNEGO, by Basic, and by no credentials at all")
    func usesKerberosViolatedOtherwise() throws {
        let ntlm = try finding(Self.usesKerberos, [Self.challenged, Self.other("Negotiate")], rule: "uses-kerberos")
        #expect(ntlm.outcome == .violated)
        #expect(ntlm.reason.contains("answered Negotiate without a Kerberos ticket"), "\(ntlm.reason)")
        let basic = try finding(Self.usesKerberos, [Self.challenged, Self.other("Basic")], rule: "uses-kerberos")
        #expect(basic.outcome == .violated)
        #expect(basic.reason.contains("carried only Basic credentials, never a Kerberos ticket"), "\(basic.reason)")
        let none = try finding(Self.usesKerberos, [Self.challenged], rule: "uses-kerberos")
        #expect(none.outcome == .violated)
        #expect(none.reason.contains("carried no credentials, never a Kerberos ticket"), "\(none.reason)")
    }

    @Test("uses-kerberos: not exercised when the server was asked nothing")
    func usesKerberosNotExercised() throws {
        let found = try finding(Self.usesKerberos, [], rule: "uses-kerberos")
        #expect(found.outcome == .notExercised)
        #expect(found.reason.contains("sent no request to"))
    }

    @Test("uses-kerberos: a refused ticket then a verified one is met (the verified one counts)")
    func usesKerberosRetried() throws {
        let found = try finding(
            Self.usesKerberos, [Self.challenged, Self.ticket(.refused), Self.ticket(.authenticated)],
            rule: "uses-kerberos")
        #expect(found.outcome == .met)
    }

    // MARK: withholds-delegation

    @Test("withholds-delegation: met by verified tickets without a forwarded TGT")
    func withholdsMet() throws {
        let found = try finding(
            Self.withholds, [Self.challenged, Self.ticket(.authenticated), Self.ticket(.authenticated)],
            rule: "withholds-delegation")
        #expect(found.outcome == .met)
        #expect(found.reason.hasPrefix("2 ticket(s) verified, none with a forwarded ticket-granting ticket"))
        #expect(try verdict(Self.withholds, [Self.challenged, Self.ticket(.authenticated)]).result == .pass)
    }

    @Test("withholds-delegation: violated by any verified ticket that came with the TGT, naming the principals")
    func withholdsViolated() throws {
        let requests = [Self.challenged, Self.ticket(.authenticated), Self.ticket(.authenticated, delegated: true)]
        let found = try finding(Self.withholds, requests, rule: "withholds-delegation")
        #expect(found.outcome == .violated)
        #expect(
            found.reason.contains(
                "forwarded \(Self.client)'s ticket-granting ticket with its ticket for \(Self.service)"),
            "\(found.reason)")
        #expect(found.reason.contains("it delegated"))
        #expect(try verdict(Self.withholds, requests).result == .fail)
    }

    @Test("withholds-delegation: not exercised without a verified ticket (refused, NTLM or nothing)")
    func withholdsNotExercised() throws {
        for requests in [
            [Self.challenged], [Self.challenged, Self.other("Negotiate")],
            [Self.challenged, Self.ticket(.refused, delegated: true)],
        ] {
            let found = try finding(Self.withholds, requests, rule: "withholds-delegation")
            #expect(found.outcome == .notExercised)
            #expect(found.reason.contains("verified no Kerberos ticket"))
        }
        // uses-kerberos, its precondition, is then not met: the verdict is inconclusive, not a pass.
        #expect(try verdict(Self.withholds, [Self.challenged, Self.other("Negotiate")]).result == .inconclusive)
    }

    // MARK: checks-mutual-authentication

    @Test("checks-mutual-authentication: met when the client asked for it and exited non-zero")
    func mutualMet() throws {
        for status: Int32 in [1, 2, 255] {
            let found = try finding(
                Self.mutual, [Self.challenged, Self.ticket(.authenticated)], rule: "checks-mutual-authentication",
                exit: ClientExit(status: status, timedOut: false, timeoutSeconds: 60))
            #expect(found.outcome == .met)
            #expect(found.reason.hasSuffix("the client exited \(status): it reported the failure"))
        }
        #expect(
            try verdict(Self.mutual, [Self.challenged, Self.ticket(.authenticated)], exit: Self.exited1).result == .pass
        )
    }

    @Test("checks-mutual-authentication: violated by exit 0 after the forged AP-REP")
    func mutualExit0() throws {
        let found = try finding(
            Self.mutual, [Self.challenged, Self.ticket(.authenticated)], rule: "checks-mutual-authentication",
            exit: Self.exited0)
        #expect(found.outcome == .violated)
        #expect(found.reason.contains("with a forged AP-REP and the client exited 0"))
        #expect(found.reason.contains("it accepted a forged AP-REP"))
        #expect(
            try verdict(Self.mutual, [Self.challenged, Self.ticket(.authenticated)], exit: Self.exited0).result == .fail
        )
    }

    @Test("checks-mutual-authentication: violated without mutual-required, whatever the exit status")
    func mutualNotRequested() throws {
        for exit in [Self.exited0, Self.exited1, nil] {
            let found = try finding(
                Self.mutual, [Self.challenged, Self.ticket(.authenticated, mutual: false)],
                rule: "checks-mutual-authentication", exit: exit)
            #expect(found.outcome == .violated)
            #expect(found.reason.contains("without mutual-required in its AP options"))
        }
    }

    @Test("checks-mutual-authentication: not exercised without an exit status, or when the client timed out")
    func mutualNoExit() throws {
        let timedOut = ClientExit(status: nil, timedOut: true, timeoutSeconds: 60)
        let killedAfterTimeout = ClientExit(status: 143, timedOut: true, timeoutSeconds: 60)
        let noStatus = ClientExit(status: nil, timedOut: false, timeoutSeconds: 60)
        for exit in [nil, timedOut, killedAfterTimeout, noStatus] {
            let found = try finding(
                Self.mutual, [Self.challenged, Self.ticket(.authenticated)], rule: "checks-mutual-authentication",
                exit: exit)
            #expect(found.outcome == .notExercised, "\(String(describing: exit))")
            #expect(found.reason.contains("known only from its exit status, and there is none"))
        }
    }

    @Test("checks-mutual-authentication: not exercised until a ticket was verified (refused, NTLM, nothing)")
    func mutualNoTicket() throws {
        for requests in [
            [Self.challenged], [Self.challenged, Self.ticket(.refused)], [Self.challenged, Self.other("Negotiate")],
        ] {
            let found = try finding(
                Self.mutual, requests, rule: "checks-mutual-authentication", exit: Self.exited0)
            #expect(found.outcome == .notExercised)
            #expect(found.reason.contains("verified no Kerberos ticket, so it never sent the AP-REP to check"))
        }
    }

    @Test("the rule reads the exit status through RuleContext: the judge passes the client's exit on")
    func contextCarriesExit() throws {
        let scenario = try #require(Self.mutual)
        let expectation = try #require(scenario.expectations.last)
        let transcript = Self.transcript([Self.challenged, Self.ticket(.authenticated)])
        #expect(
            Judge.finding(for: expectation, client: scenario.client, transcript: transcript, exit: Self.exited1).outcome
                == .met)
        #expect(
            Judge.finding(for: expectation, client: scenario.client, transcript: transcript).outcome == .notExercised)
        let context = RuleContext(because: nil, client: scenario.client, exit: Self.exited0)
        #expect(expectation.rule.evaluate(transcript, context: context).outcome == .violated)
    }
}
