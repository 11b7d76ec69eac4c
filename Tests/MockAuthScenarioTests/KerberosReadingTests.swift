import MockAuthVocabulary
import Testing

@testable import MockAuthScenario

@Suite("Reading Kerberos: the kerberos key, its checks, the realm plan and the three rules")
struct KerberosReadingTests {
    /// negotiate-kerberos, with `KERBEROS` standing for the key's value.
    static let base = """
        version: 1
        summary: Kerberos.
        servers:
          origin:
            host: intranet.test
            tls: { profile: valid }
            auth:
              schemes: [negotiate]
              username: alice
              password: wonderland-7
              domain: MOCKAUTH
              kerberos: KERBEROS
        client:
          credentials: { username: alice, password: wonderland-7, domain: MOCKAUTH }
        expect:
          - rule: uses-kerberos
            server: origin
        """

    func read(_ yaml: String) throws(ScenarioError) -> Scenario {
        try Scenario(yaml: yaml, name: "kerberos", file: "kerberos.yaml")
    }

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try read(yaml)
            return nil
        } catch {
            return error
        }
    }

    func with(_ kerberos: String, expect: String? = nil) -> String {
        var yaml = Self.base.replacingOccurrences(of: "KERBEROS", with: kerberos)
        if let expect {
            yaml = yaml.replacingOccurrences(of: "  - rule: uses-kerberos\n    server: origin", with: expect)
        }
        return yaml
    }

    @Test("kerberos: true is a realm that issues tickets, trusts no server, answers genuinely; yes is the same")
    func trueValue() throws {
        for value in ["true", "yes"] {
            let scenario = try read(with(value))
            let spec = try #require(scenario.servers.first?.auth?.kerberos)
            #expect(spec == KerberosSpec())
            #expect(spec.issuesTickets)
            #expect(!spec.trustedForDelegation)
            #expect(spec.reply == .genuine)
        }
        let plain = try read(
            Self.base.replacingOccurrences(of: "      kerberos: KERBEROS\n", with: "").replacingOccurrences(
                of: "  - rule: uses-kerberos\n    server: origin", with: "  - rule: authenticates\n    server: origin"))
        #expect(plain.servers.first?.auth?.kerberos == nil)
        #expect(plain.kerberosRealmPlan(realm: "R.TEST") == nil)
        #expect(!plain.requirements.features.contains(.kerberos))
    }

    @Test("the mapping: issues-tickets, trusted-for-delegation and reply, each defaulted when left out")
    func mapping() throws {
        let forged = try read(with("{ reply: forged }"))
        #expect(forged.servers.first?.auth?.kerberos == KerberosSpec(reply: .forged))
        let trusted = try read(with("{ trusted-for-delegation: true, reply: genuine }"))
        #expect(trusted.servers.first?.auth?.kerberos == KerberosSpec(trustedForDelegation: true))
        let none = try read(
            with("{ issues-tickets: false }", expect: "  - rule: authenticates\n    server: origin"))
        #expect(none.servers.first?.auth?.kerberos == KerberosSpec(issuesTickets: false))
        let empty = try read(with("{}"))
        #expect(empty.servers.first?.auth?.kerberos == KerberosSpec())
    }

    @Test("kerberos: false, another word, an unknown key or reply are refused where they are written")
    func badValues() {
        let no = error(with("false"))
        #expect(no?.code == .invalidValue)
        #expect(no?.location?.line == 12)
        #expect(no?.description.contains("'kerberos' is true or a mapping") == true, "\(String(describing: no))")
        #expect(no?.hint == "kerberos: { trusted-for-delegation: false, reply: genuine }")
        let unknownKey = error(with("{ delegation: always }"))
        #expect(unknownKey != nil)
        #expect(unknownKey?.description.contains("delegation") == true, "\(String(describing: unknownKey))")
        let reply = error(with("{ reply: fake }"))
        #expect(reply?.code == .invalidValue)
        #expect(reply?.description.contains("fake") == true, "\(String(describing: reply))")
        let notBool = error(with("{ issues-tickets: maybe }"))
        #expect(notBool != nil)
    }

    @Test("issues-tickets: false with a reply or trusted-for-delegation is refused: no ticket is answered")
    func noTicketsWithReply() {
        for value in [
            "{ issues-tickets: false, reply: forged }", "{ issues-tickets: false, trusted-for-delegation: true }",
        ] {
            let mistake = error(with(value, expect: "  - rule: authenticates\n    server: origin"))
            #expect(mistake?.code == .invalidValue, "\(value)")
            #expect(mistake?.description.contains("'issues-tickets: false' issues none") == true, "\(value)")
            #expect(mistake?.hint == "kerberos: { issues-tickets: false }")
        }
        // With the defaults spelt out it is accepted.
        #expect(
            error(
                with(
                    "{ issues-tickets: false, reply: genuine, trusted-for-delegation: false }",
                    expect: "  - rule: authenticates\n    server: origin")) == nil)
    }

    @Test("kerberos needs negotiate among the schemes")
    func notNegotiate() {
        for schemes in ["[ntlm]", "[basic, ntlm]", "[digest-sha256]"] {
            let yaml = with("true", expect: "  - rule: authenticates\n    server: origin").replacingOccurrences(
                of: "schemes: [negotiate]", with: "schemes: \(schemes)")
            let mistake = error(yaml)
            #expect(mistake?.code == .invalidValue, "\(schemes)")
            #expect(
                mistake?.description.contains("'kerberos' is for negotiate") == true, "\(String(describing: mistake))")
            #expect(mistake?.hint == "schemes: [negotiate]")
        }
        #expect(
            error(
                with("true").replacingOccurrences(of: "schemes: [negotiate]", with: "schemes: [negotiate, ntlm, basic]")
            )
                == nil)
    }

    @Test("a Kerberos server needs a name under .test: no host, or an address, is refused")
    func needsTestHost() {
        let noHost = error(with("true").replacingOccurrences(of: "    host: intranet.test\n", with: ""))
        #expect(noHost?.code == .invalidValue)
        #expect(noHost?.description.contains("a Kerberos server needs a name under .test") == true)
        #expect(noHost?.hint == "host: www.mockauth.test")
        let localhost = error(with("true").replacingOccurrences(of: "host: intranet.test", with: "host: localhost"))
        #expect(localhost?.description.contains("needs a name under .test") == true, "\(String(describing: localhost))")
    }

    @Test("a forward proxy's Negotiate verifies Kerberos for its own service principal (proxy-negotiate-kerberos)")
    func onProxy() throws {
        let yaml = """
            version: 1
            summary: Kerberos on a proxy.
            servers:
              proxy:
                proxy: true
                host: proxy.test
                auth: { schemes: [negotiate], username: alice, password: wonderland-7, kerberos: true }
              origin:
                tls: { profile: valid }
            client:
              proxy: { server: proxy, credentials: { username: alice, password: wonderland-7 } }
            expect:
              - rule: uses-kerberos
                server: proxy
            """
        let scenario = try read(yaml)
        let plan = try #require(scenario.kerberosRealmPlan(realm: "R.TEST"))
        #expect(plan.services.map(\.server) == ["proxy"])
        #expect(plan.services.first?.principal(in: "R.TEST") == "HTTP/proxy.test@R.TEST")
        #expect(scenario.requirements.features.contains(.kerberos))
    }

    @Test("canonical-name: a .test name other than the host, which must be under .test itself")
    func canonicalName() throws {
        let alias = try read(
            with("true").replacingOccurrences(
                of: "host: intranet.test", with: "host: intranet.test\n    canonical-name: web-07.corp.test"))
        #expect(alias.server("origin")?.canonicalName == "web-07.corp.test")
        #expect(alias.requirements.features.contains(.systemHosts))
        let plan = try #require(alias.kerberosRealmPlan(realm: "R.TEST"))
        #expect(plan.leavesCanonicalizationToClients)
        #expect(
            plan.decoyPrincipals(ports: ["origin": 4431]) == [
                "HTTP/intranet.test:4431@R.TEST", "HTTP/web-07.corp.test@R.TEST",
            ])
        let same = error(
            with("true").replacingOccurrences(
                of: "host: intranet.test", with: "host: intranet.test\n    canonical-name: intranet.test"))
        #expect(same?.description.contains("'canonical-name' makes 'host' an alias") == true)
        let notTest = error(
            with("true").replacingOccurrences(
                of: "host: intranet.test", with: "host: intranet.test\n    canonical-name: web.example.com"))
        #expect(notTest?.description.contains("is not a lower-case name under .test") == true)
    }

    @Test("a route's own auth cannot speak Kerberos: one service principal per host")
    func onRoute() {
        let yaml = """
            version: 1
            summary: Kerberos on a route.
            servers:
              origin:
                host: intranet.test
                tls: { profile: valid }
                routes:
                  - path: /a
                    subpaths: true
                    auth: { schemes: [negotiate], username: alice, password: wonderland-7, kerberos: true }
            expect:
              - rule: request-succeeds
                server: origin
            """
        let mistake = error(yaml)
        #expect(mistake?.code == .invalidValue)
        #expect(
            mistake?.description.contains("route '/a': Kerberos is the server's") == true,
            "\(String(describing: mistake))")
    }

    @Test("the realm plan: the account, one service per Kerberos server, HTTP/<host>@REALM")
    func realmPlan() throws {
        let scenario = try read(with("{ trusted-for-delegation: true }"))
        let plan = try #require(scenario.kerberosRealmPlan(realm: "MOCKAUTH-0000ABCD.TEST"))
        #expect(plan.realm == "MOCKAUTH-0000ABCD.TEST")
        #expect(plan.account.username == "alice" && plan.account.password == "wonderland-7")
        #expect(plan.clientPrincipal == "alice@MOCKAUTH-0000ABCD.TEST")
        #expect(
            plan.services == [
                KerberosRealmPlan.Service(
                    server: "origin", hostName: "intranet.test", issuesTickets: true, trustedForDelegation: true)
            ])
        #expect(plan.services.first?.principal(in: plan.realm) == "HTTP/intranet.test@MOCKAUTH-0000ABCD.TEST")
        #expect(scenario.requirements.features.contains(.kerberos))
        #expect(!scenario.requirements.areMet(lacking: [.kerberos]))
        #expect(ClientFeature(name: "kerberos") == .kerberos)
        #expect(ClientFeature.kerberos.description == "kerberos")
    }

    @Test("fresh realm names: MOCKAUTH-, eight upper-case hexadecimal digits, .TEST; different each time")
    func freshRealmNames() {
        let names = (0..<64).map { _ in KerberosRealmPlan.freshRealmName() }
        for name in names {
            #expect(name.hasPrefix("MOCKAUTH-") && name.hasSuffix(".TEST") && name.count == 22, "\(name)")
            let digits = name.dropFirst(9).dropLast(5)
            #expect(digits.allSatisfy { $0.isHexDigit && !$0.isLowercase }, "\(name)")
        }
        #expect(Set(names).count > 60, "64 draws of 32 bits should not collide")
    }

    @Test("the three rules are read with their server and summaries")
    func rules() throws {
        let scenario = try read(
            with(
                "{ reply: forged }",
                expect: """
                      - rule: uses-kerberos
                        server: origin
                      - rule: withholds-delegation
                        server: origin
                      - rule: checks-mutual-authentication
                        server: origin
                    """))
        #expect(
            scenario.expectations.map { "\(type(of: $0.rule).name)" } == [
                "uses-kerberos", "withholds-delegation", "checks-mutual-authentication",
            ])
        #expect(
            scenario.expectations.map(\.rule.summary) == [
                "answers origin's Negotiate with a Kerberos ticket for its own service principal",
                "forwards no ticket-granting ticket to origin, which the realm does not trust",
                "refuses origin's answer when its Kerberos AP-REP does not verify",
            ])
    }

    @Test("each rule checks the server it names: Kerberos, tickets issued, not trusted, a forged reply")
    func ruleChecks() {
        let usesWithout = error(
            with("{ issues-tickets: false }"))
        #expect(
            usesWithout?.description.contains("'uses-kerberos' needs server 'origin' to verify Kerberos tickets")
                == true, "\(String(describing: usesWithout))")
        let withholdsTrusted = error(
            with("{ trusted-for-delegation: true }", expect: "  - rule: withholds-delegation\n    server: origin"))
        #expect(
            withholdsTrusted?.description.contains("not be trusted for delegation") == true,
            "\(String(describing: withholdsTrusted))")
        let mutualGenuine = error(with("true", expect: "  - rule: checks-mutual-authentication\n    server: origin"))
        #expect(
            mutualGenuine?.description.contains("to answer Kerberos tickets with a forged AP-REP") == true,
            "\(String(describing: mutualGenuine))")
        #expect(mutualGenuine?.hint == "auth:\n          schemes: [negotiate]\n          kerberos: { reply: forged }")
        let plainNegotiate = error(
            Self.base.replacingOccurrences(of: "      kerberos: KERBEROS\n", with: ""))
        #expect(plainNegotiate?.description.contains("'uses-kerberos' needs server 'origin'") == true)
    }
}
