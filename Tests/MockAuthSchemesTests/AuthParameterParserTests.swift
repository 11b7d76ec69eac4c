import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

@Suite struct AuthParameterParserTests {
    @Test func severalChallengesInOneLine() throws {
        let value = #"Basic realm="a", Digest realm="b", nonce="x", qop="auth,auth-int""#
        let challenges = try AuthParameterParser.parseChallenges(value)
        #expect(challenges.count == 2)
        #expect(challenges[0].schemeName == .basic)
        #expect(challenges[0].parameter("realm") == "a")
        #expect(challenges[1].schemeName == .digest)
        #expect(challenges[1].parameter("REALM") == "b")
        #expect(challenges[1].parameter("nonce") == "x")
        #expect(challenges[1].parameter("qop") == "auth,auth-int")
    }

    @Test func rfc9110NewauthExample() throws {
        let value = #"Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple""#
        let challenges = try AuthParameterParser.parseChallenges(value)
        #expect(challenges.count == 2)
        #expect(challenges[0].parameter("type") == "1")
        #expect(challenges[0].parameters[1].isQuoted == false)
        #expect(challenges[0].parameter("title") == #"Login to "apps""#)
        #expect(challenges[1].parameter("realm") == "simple")
    }

    @Test func token68Forms() throws {
        let challenges = try AuthParameterParser.parseChallenges("Negotiate, NTLM TlRMTVNTUAAB==, Bearer")
        #expect(challenges.map(\.scheme) == ["Negotiate", "NTLM", "Bearer"])
        #expect(challenges[0].token68 == nil)
        #expect(challenges[1].token68 == "TlRMTVNTUAAB==")
        let basic = try AuthParameterParser.parseCredentials("basic dGVzdDoxMjPCow==")
        #expect(basic.schemeName == .basic)
        #expect(basic.token68 == "dGVzdDoxMjPCow==")
    }

    @Test func whitespaceAndEmptyElements() throws {
        let challenges = try AuthParameterParser.parseChallenges(" ,Digest  realm = \"r\" ,, algorithm=MD5 , ,Basic ")
        #expect(challenges.count == 2)
        #expect(challenges[0].parameter("algorithm") == "MD5")
        #expect(challenges[1].parameters.isEmpty)
    }

    @Test func escapesAndNonASCII() throws {
        let value = #"Digest username="J\\s\"n", realm="caf\#u{e9}""#
        let credentials = try AuthParameterParser.parseCredentials(value)
        #expect(credentials.parameter("username") == #"J\s"n"#)
        #expect(credentials.parameter("realm") == "café")
    }

    @Test func renderingRoundTrips() throws {
        let challenge = AuthChallenge(
            scheme: "Digest",
            parameters: [
                AuthParameter(name: "realm", value: #"a "quoted" \ realm"#),
                AuthParameter(name: "algorithm", value: "SHA-256", isQuoted: false),
            ])
        let parsed = try AuthParameterParser.parseChallenges(challenge.description)
        #expect(parsed == [challenge])
    }

    @Test(arguments: [
        "", "=", "Basic ,realm=\"a\"", #"Digest realm=a"b""#, #"Basic realm="unterminated"#, "Digest a=b c=d",
        "Basic realm=\"a\u{1}\"", "Digest realm=\"a\", realm=\"b\"", "Basic@ x", #"Digest realm="a" junk"#,
    ])
    func rejectsGarbage(_ value: String) {
        if value.isEmpty {
            #expect(throws: AuthParseError.self) { try AuthParameterParser.parseCredentials(value) }
        } else {
            #expect(throws: AuthParseError.self) { try AuthParameterParser.parseChallenges(value) }
        }
    }

    @Test func bareTokenIsToken68() throws {
        #expect(try AuthParameterParser.parseCredentials("Basic realm").token68 == "realm")
        #expect(try AuthParameterParser.parseCredentials("Basic realm=").token68 == "realm=")
    }

    @Test func credentialsMustBeOneItem() {
        #expect(throws: AuthParseError.self) { try AuthParameterParser.parseCredentials("Basic abc, Bearer def") }
    }

    @Test("64 parameters are read; the 65th, a duplicate, or a 65th challenge are refused")
    func parameterLimits() throws {
        let names = (1...AuthParameterParser.maximumParameters).map { "p\($0)=v" }
        let limit = try AuthParameterParser.parseCredentials("Digest " + names.joined(separator: ", "))
        #expect(limit.parameters.count == AuthParameterParser.maximumParameters)
        #expect(throws: AuthParseError.self) {
            try AuthParameterParser.parseCredentials("Digest " + (names + ["extra=v"]).joined(separator: ", "))
        }
        #expect(throws: AuthParseError.self) { try AuthParameterParser.parseCredentials("Digest a=1, B=2, b=3") }
        let challenges = Array(repeating: "Basic realm=x", count: AuthParameterParser.maximumItems + 1)
        #expect(throws: AuthParseError.self) {
            try AuthParameterParser.parseChallenges(challenges.joined(separator: ", "))
        }
    }

    @Test("8,000 parameters (the hostile case) are refused at the limit, counted in one pass, not parsed")
    func hostileParameterCount() {
        let hostile = "Digest " + (1...8_000).map { "p\($0)=\"\($0)\"" }.joined(separator: ", ")
        do {
            _ = try AuthParameterParser.parseCredentials(hostile)
            Issue.record("8,000 parameters were accepted")
        } catch {
            #expect(error.reason.contains("8000 auth parameters, more than the 64 a server reads"), "\(error)")
            // Refused at the 65th parameter: the offset is near the start, not the end of the value.
            #expect(error.offset < hostile.utf8.count / 50, "\(error)")
        }
    }

    @Test func fuzzNeverTraps() {
        var generator = SplitMix(seed: 7)
        var parsed = 0
        for _ in 0..<5000 {
            let text = generator.headerLikeString(maxCount: 80)
            if let challenges = try? AuthParameterParser.parseChallenges(text) {
                parsed += 1
                for challenge in challenges { _ = challenge.description }
            }
            _ = try? AuthParameterParser.parseCredentials(text)
            let raw = String(decoding: generator.bytes(maxCount: 64), as: UTF8.self)
            _ = try? AuthParameterParser.parseChallenges(raw)
        }
        #expect(parsed > 0)
    }
}
