import Foundation
import Testing

@testable import MockAuthSchemes

/// RFC 7616 §3.9.1 inputs.
enum RFC7616 {
    static let nonce = "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v"
    static let cnonce = "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"
    static let opaque = "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"
    static let configuration = DigestConfiguration(
        realm: "http-auth@example.org", username: "Mufasa", password: "Circle of Life", algorithms: [.sha256, .md5],
        opaque: opaque)

    static func header(
        algorithm: String = "SHA-256",
        response: String = "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
        username: String = "Mufasa", uri: String = "/dir/index.html", nc: String = "00000001"
    ) -> String {
        #"Digest username="\#(username)", realm="http-auth@example.org", uri="\#(uri)", algorithm=\#(algorithm), "#
            + #"nonce="\#(nonce)", nc=\#(nc), cnonce="\#(cnonce)", qop=auth, response="\#(response)", "#
            + #"opaque="\#(opaque)""#
    }

    static func machine(
        configuration: DigestConfiguration = configuration, issuedAt: Date = testNow
    ) -> OfferedAlone {
        var machine = OfferedAlone(.digest(configuration), random: .seeded(1))
        machine.seedNonce(nonce, opaque: opaque, issuedAt: issuedAt)
        return machine
    }

    static func request(_ header: String, target: String = "/dir/index.html", body: [UInt8] = []) -> AuthRequest {
        AuthRequest(method: "GET", target: target, authorization: [header], body: body)
    }
}

@Suite struct DigestServerStateMachineTests {
    @Test(arguments: [
        ("SHA-256", "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"),
        ("MD5", "8ca523f5e9506fed4657c9700eebdbec"),
    ])
    func rfc7616Section391(algorithm: String, response: String) throws {
        var machine = RFC7616.machine()
        let decision = machine.receive(
            RFC7616.request(RFC7616.header(algorithm: algorithm, response: response)), now: testNow)
        guard case .authenticated(let credentials, let headers) = decision else {
            Issue.record("expected authentication, got \(decision)")
            return
        }
        #expect(credentials.username == "Mufasa")
        #expect(credentials.verified)
        #expect(credentials.detail == "Digest \(algorithm) qop=auth nc=00000001")
        let info = try #require(headers.first)
        #expect(info.name == "Authentication-Info")
        let parsed = try AuthParameterParser.parseChallenges("X " + info.value)[0]
        let algo = try #require(DigestAlgorithm(token: algorithm))
        let ha1 = DigestComputation.ha1(
            algorithm: algo, username: "Mufasa", realm: "http-auth@example.org", password: "Circle of Life",
            nonce: RFC7616.nonce, cnonce: RFC7616.cnonce)
        let ha2 = DigestComputation.ha2(algorithm: algo, method: "", uri: "/dir/index.html", qop: .auth, body: [])
        let rspauth = DigestComputation.response(
            algorithm: algo, ha1: ha1, ha2: ha2, nonce: RFC7616.nonce, nonceCount: "00000001",
            cnonce: RFC7616.cnonce, qop: .auth)
        #expect(parsed.parameter("rspauth") == rspauth)
        #expect(parsed.parameter("qop") == "auth")
        #expect(parsed.parameter("cnonce") == RFC7616.cnonce)
        #expect(parsed.parameter("nc") == "00000001")
    }

    @Test func challengeOffersOneValuePerAlgorithmInOrder() throws {
        var machine = OfferedAlone(.digest(RFC7616.configuration), random: .seeded(9))
        guard case .challenged(let values, let reason) = machine.receive(AuthRequest(), now: testNow) else {
            Issue.record("expected a challenge")
            return
        }
        #expect(reason == "no credentials")
        let challenges = try values.map { try AuthParameterParser.parseChallenges($0)[0] }
        #expect(challenges.map { $0.parameter("algorithm") } == ["SHA-256", "MD5"])
        #expect(challenges[0].parameter("nonce") == challenges[1].parameter("nonce"))
        #expect(challenges[0].parameter("qop") == "auth, auth-int")
        #expect(challenges[0].parameter("opaque") == RFC7616.opaque)
        #expect(challenges[0].parameter("charset") == "UTF-8")
        let nonce = try #require(challenges[0].parameter("nonce"))
        #expect(machine.nonceStore?.state(of: nonce) == .issued(at: testNow, opaque: RFC7616.opaque))
        #expect(
            values[0].hasPrefix(
                #"Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce=""#))
    }

    @Test func replayedNonceCount() {
        var machine = RFC7616.machine()
        let request = RFC7616.request(RFC7616.header())
        guard case .authenticated = machine.receive(request, now: testNow) else {
            Issue.record("first use should authenticate")
            return
        }
        guard case .refused(_, let reason, _) = machine.receive(request, now: testNow) else {
            Issue.record("replay should be refused")
            return
        }
        #expect(reason.hasPrefix("replayed nonce count"))
    }

    @Test func wrongPassword() {
        var configuration = RFC7616.configuration
        configuration.password = "Circle of life"
        var machine = RFC7616.machine(configuration: configuration)
        guard
            case .refused(let values, let reason, let presented) = machine.receive(
                RFC7616.request(RFC7616.header()), now: testNow)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason.hasPrefix("wrong password for user Mufasa"))
        #expect(values.count == 2)
        #expect(presented?.verified == false)
    }

    @Test func wrongUsername() {
        var machine = RFC7616.machine()
        guard
            case .refused(_, let reason, _) = machine.receive(
                RFC7616.request(RFC7616.header(username: "Simba")), now: testNow)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason == "unknown user Simba")
    }

    @Test func tamperedResponse() {
        var machine = RFC7616.machine()
        let tampered = RFC7616.header(response: "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c2")
        guard case .refused(_, let reason, _) = machine.receive(RFC7616.request(tampered), now: testNow) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason.hasPrefix("wrong password"))
    }

    @Test func wrongURI() {
        var machine = RFC7616.machine()
        let decision = machine.receive(RFC7616.request(RFC7616.header(), target: "/dir/other.html"), now: testNow)
        #expect(
            decision
                == .malformed(
                    reason: #"Digest uri "/dir/index.html" does not match the request-target "/dir/other.html""#))
    }

    @Test func staleNonce() throws {
        var machine = RFC7616.machine(issuedAt: testNow.addingTimeInterval(-301))
        guard
            case .refused(let values, let reason, _) = machine.receive(
                RFC7616.request(RFC7616.header()), now: testNow)
        else {
            Issue.record("expected a stale refusal")
            return
        }
        #expect(reason == "nonce expired (stale)")
        let challenges = try values.map { try AuthParameterParser.parseChallenges($0)[0] }
        #expect(challenges.allSatisfy { $0.parameter("stale") == "true" })
        #expect(challenges.allSatisfy { $0.parameter("nonce") != RFC7616.nonce })
    }

    @Test func expiredNonceWithWrongPasswordIsNotStale() {
        var configuration = RFC7616.configuration
        configuration.password = "nope"
        var machine = RFC7616.machine(configuration: configuration, issuedAt: testNow.addingTimeInterval(-301))
        guard
            case .refused(let values, let reason, _) = machine.receive(
                RFC7616.request(RFC7616.header()), now: testNow)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason.hasPrefix("wrong password"))
        #expect(!values.contains { $0.contains("stale") })
    }

    @Test func unknownNonceAndOpaqueMismatch() {
        var machine = OfferedAlone(.digest(RFC7616.configuration), random: .seeded(2))
        guard case .refused(_, let reason, _) = machine.receive(RFC7616.request(RFC7616.header()), now: testNow)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason == "unknown nonce \(RFC7616.nonce)")
        var other = RFC7616.machine()
        other.seedNonce(RFC7616.nonce, opaque: "different", issuedAt: testNow)
        guard case .refused(_, let opaqueReason, _) = other.receive(RFC7616.request(RFC7616.header()), now: testNow)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(opaqueReason.hasPrefix("opaque does not match"))
    }

    @Test func algorithmAndQOPPolicy() {
        var machine = RFC7616.machine()
        let sha512 = RFC7616.header(algorithm: "SHA-512-256")
        guard case .refused(_, let reason, _) = machine.receive(RFC7616.request(sha512), now: testNow) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason == "algorithm SHA-512-256 was not offered")
        let noQOP =
            #"Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", "#
            + #"nonce="\#(RFC7616.nonce)", response="00", opaque="\#(RFC7616.opaque)""#
        guard case .refused(_, let qopReason, _) = machine.receive(RFC7616.request(noQOP), now: testNow) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(qopReason.hasPrefix("qop missing"))
    }
}
