import Crypto
import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

@Suite struct DigestAlgorithmTests {
    @Test func tokensAreCaseInsensitive() {
        #expect(DigestAlgorithm(token: "sha-512-256-SESS") == .sha512_256Session)
        #expect(DigestAlgorithm(token: "SHA-1") == nil)
        #expect(DigestQualityOfProtection(token: "AUTH-INT") == .authInt)
    }

    /// RFC 7616 §3.9.1 (MD5 and SHA-256 responses).
    @Test(arguments: [
        (DigestAlgorithm.md5, "8ca523f5e9506fed4657c9700eebdbec"),
        (DigestAlgorithm.sha256, "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"),
    ])
    func rfc7616Section391(algorithm: DigestAlgorithm, expected: String) {
        let response = DigestComputation.response(
            algorithm: algorithm, username: "Mufasa", realm: "http-auth@example.org", password: "Circle of Life",
            method: "GET", uri: "/dir/index.html", nonce: "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
            nonceCount: "00000001", cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop: .auth)
        #expect(response == expected)
    }

    /// RFC 7616 §3.9.2 with the FIPS SHA-512/256 values of erratum 4897.
    @Test func rfc7616Section392Erratum4897() {
        let user = "J\u{e4}s\u{f8}n Doe"
        #expect(
            DigestComputation.userhash(algorithm: .sha512_256, username: user, realm: "api@example.org")
                == "793263caabb707a56211940d90411ea4a575adeccb7e360aeb624ed06ece9b0b")
        let response = DigestComputation.response(
            algorithm: .sha512_256, username: user, realm: "api@example.org", password: "Secret, or not?",
            method: "GET", uri: "/doe.json", nonce: "5TsQWLVdgBdmrQ0XsxbDODV+57QdFR34I9HAbC/RVvkK",
            nonceCount: "00000001", cnonce: "NTg6RKcb9boFIAS3KrFK9BGeh+iDa/sm6jUMp2wds69v", qop: .auth)
        #expect(response == "3798d4131c277846293534c3edc11bd8a5e4cdcbff78b05db9d95eeb1cec68a5")
    }

    /// The values printed in RFC 7616 §3.9.2 are SHA-512 truncated to 256 bits, not SHA-512/256.
    @Test func rfc7616PrintedValuesAreTruncatedSHA512() {
        let printed = Array(SHA512.hash(data: Array("J\u{e4}s\u{f8}n Doe:api@example.org".utf8))).prefix(32)
        #expect(hexOf(Array(printed)) == "488869477bf257147b804c45308cd62ac4e25eb717b12b298c79e62dcea254ec")
        #expect(
            DigestAlgorithm.sha512_256.hexDigest("J\u{e4}s\u{f8}n Doe:api@example.org")
                != "488869477bf257147b804c45308cd62ac4e25eb717b12b298c79e62dcea254ec")
    }

    @Test func sessionHA1IncludesNonceAndCnonce() {
        let plain = DigestComputation.ha1(
            algorithm: .md5, username: "u", realm: "r", password: "p", nonce: "n", cnonce: "c")
        let session = DigestComputation.ha1(
            algorithm: .md5Session, username: "u", realm: "r", password: "p", nonce: "n", cnonce: "c")
        #expect(session == DigestAlgorithm.md5.hexDigest("\(plain):n:c"))
        #expect(DigestAlgorithm.allCases.allSatisfy { $0.hexDigest("x").count == $0.hexLength })
    }
}
