import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

@Suite struct DigestCredentialsParsingTests {
    func parse(_ value: String) throws -> DigestCredentials {
        try DigestCredentials(parsing: AuthParameterParser.parseCredentials(value))
    }

    @Test func rfcExampleParses() throws {
        let credentials = try parse(
            #"Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", algorithm=MD5, "#
                + #"nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", nc=00000001, "#
                + #"cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop=auth, "#
                + #"response="8CA523F5E9506FED4657C9700EEBDBEC", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#
        )
        #expect(credentials.username == "Mufasa")
        #expect(credentials.algorithm == .md5)
        #expect(credentials.qop == .auth)
        #expect(credentials.nonceCount == 1)
        #expect(credentials.response == "8ca523f5e9506fed4657c9700eebdbec")
    }

    @Test func extendedUsername() throws {
        let credentials = try parse(
            #"Digest username*=UTF-8''J%C3%A4s%C3%B8n%20Doe, realm="r", nonce="n", uri="/", response="ab""#)
        #expect(credentials.username == "J\u{e4}s\u{f8}n Doe")
        #expect(credentials.usedExtendedUsername)
        #expect(credentials.algorithm == .md5)
    }

    @Test(arguments: [
        #"Digest realm="r", nonce="n", uri="/", response="ab""#,
        #"Digest username="u", nonce="n", uri="/", response="ab""#,
        #"Digest username="u", realm="r", nonce="n", uri="/", response="xyz""#,
        #"Digest username="u", realm="r", nonce="n", uri="/", response="ab", qop=auth, cnonce="c""#,
        #"Digest username="u", realm="r", nonce="n", uri="/", response="ab", qop=auth, nc=1, cnonce="c""#,
        #"Digest username="u", realm="r", nonce="n", uri="/", response="ab", qop=auth, nc=+0000001, cnonce="c""#,
        #"Digest username="u", realm="r", nonce="n", uri="/", response="ab", qop=auth, nc=00000001"#,
        #"Digest username="u", username*=UTF-8''u, realm="r", nonce="n", uri="/", response="ab""#,
        #"Digest username*=UTF-8''%ZZ, realm="r", nonce="n", uri="/", response="ab""#,
        #"Digest username="u", realm="r", nonce="n", uri="/", response="ab", userhash=maybe"#,
        "Digest abc==",
    ])
    func rejectsMalformed(_ value: String) {
        #expect(throws: (any Error).self) { try parse(value) }
    }

    @Test func renderedHeaderParsesBack() throws {
        let credentials = DigestCredentials(
            username: "Mufasa", realm: "r", nonce: "n", uri: "/a?b=c", response: "abcd", algorithmToken: "SHA-256",
            cnonce: "c", opaque: "o", qopToken: "auth", nonceCountText: "0000000a")
        #expect(try parse(credentials.headerValue) == credentials)
    }

    @Test(
        "mutated credentials parse only with every required parameter, each value taken from the text (4,000 seeded rounds)"
    )
    func mutatedCredentialsKeepTheirParameters() {
        var generator = SplitMix(seed: 3)
        let base = Array(
            #"Digest username*=UTF-8''J%C3%A4, realm="r", nonce="n", uri="/", response="ab", qop=auth, nc=00000001, cnonce="c", userhash=false"#
                .utf8)
        var parsed = 0
        var refused = 0
        for round in 0..<4000 {
            let text = String(decoding: generator.mutate(base), as: UTF8.self)
            guard let credentials = try? parse(text) else {
                refused += 1
                continue
            }
            parsed += 1
            // RFC 7616 §3.4: realm, nonce, uri and response are required; none is invented.
            for (name, value) in [
                ("realm", credentials.realm), ("nonce", credentials.nonce), ("uri", credentials.uri),
                ("response", credentials.response),
            ] {
                #expect(text.contains("\(name)=\"\(value)\""), "round \(round): \(name) \(value) not in \(text)")
            }
            #expect(!credentials.username.isEmpty, "round \(round): \(text)")
        }
        #expect(parsed > 0 && refused > 0)
    }
}
