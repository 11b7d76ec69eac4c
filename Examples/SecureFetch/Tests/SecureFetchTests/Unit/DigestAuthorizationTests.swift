import Testing

@testable import SecureFetch

@Suite("Digest responses: RFC 7616 section 3.9.1")
struct DigestAuthorizationTests {
    func challenge(algorithm: String) throws -> DigestChallenge {
        let header =
            #"Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=\#(algorithm), nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#
        let parsed = try #require(AuthChallenge.parse([header]).first)
        return try #require(DigestChallenge(parsed))
    }

    func response(_ challenge: DigestChallenge) -> String {
        DigestAuthorization(
            challenge: challenge, credential: Credential(user: "Mufasa", password: "Circle of Life"), method: "GET",
            uri: "/dir/index.html", body: [], nonceCount: 1,
            clientNonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"
        ).value
    }

    @Test("MD5")
    func md5() throws {
        let value = response(try challenge(algorithm: "MD5"))
        #expect(value.contains(#"response="8ca523f5e9506fed4657c9700eebdbec""#), "\(value)")
        #expect(value.contains("nc=00000001, "))
        #expect(value.contains("qop=auth, "))
        #expect(value.contains(#"opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#))
    }

    @Test("SHA-256")
    func sha256() throws {
        let value = response(try challenge(algorithm: "SHA-256"))
        #expect(
            value.contains(#"response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1""#),
            "\(value)")
    }

    @Test("SHA-512-256 is not answered: swift-crypto has no SHA-512/256")
    func unsupported() throws {
        let header = #"Digest realm="r", nonce="n", algorithm=SHA-512-256"#
        let parsed = try #require(AuthChallenge.parse([header]).first)
        #expect(DigestChallenge(parsed) == nil)
    }
}
