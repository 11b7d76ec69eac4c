import Testing

@testable import SecureFetch

@Suite("WWW-Authenticate parsing")
struct ChallengeParsingTests {
    @Test("one challenge per line, each with parameters")
    func severalLines() {
        let challenges = AuthChallenge.parse([
            "NTLM", #"Digest realm="mockauth", nonce="abc", algorithm=SHA-256, qop="auth""#,
            #"Basic realm="mockauth", charset="UTF-8""#,
        ])
        #expect(challenges.map(\.scheme) == ["NTLM", "Digest", "Basic"])
        #expect(
            challenges[1].parameters == ["realm": "mockauth", "nonce": "abc", "algorithm": "SHA-256", "qop": "auth"])
        #expect(challenges[2].parameters["charset"] == "UTF-8")
    }

    @Test("several challenges on one line, token68 and escapes")
    func oneLine() {
        let line =
            #"Negotiate YIIGhg==, NTLM, Digest realm="a \"b\"", qop="auth,auth-int", nonce=xyz, Basic realm="c""#
        let challenges = AuthChallenge.parse([line])
        #expect(challenges.map(\.scheme) == ["Negotiate", "NTLM", "Digest", "Basic"])
        #expect(challenges[0].token68 == "YIIGhg==")
        #expect(challenges[2].realm == #"a "b""#)
        #expect(challenges[2].parameters["qop"] == "auth,auth-int")
        #expect(challenges[2].parameters["nonce"] == "xyz")
        #expect(challenges[3].realm == "c")
    }

    @Test("garbage is skipped, never fatal")
    func garbage() {
        #expect(AuthChallenge.parse(["", " , ,", #"Digest realm="unterminated"#]).map(\.scheme) == ["Digest"])
        #expect(AuthChallenge.parse(["=== Basic realm=x"]).map(\.realm) == ["x"])
    }
}
