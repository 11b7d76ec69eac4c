import Foundation
import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

/// A Digest client in the tests: answers a parsed challenge.
func digestAnswer(
    _ challenge: AuthChallenge, username: String, password: String, method: String = "GET", uri: String,
    body: [UInt8] = [], qop: DigestQualityOfProtection? = .auth, nc: String = "00000001", cnonce: String = "0a4f113b",
    userhash: Bool = false
) -> String {
    let algorithm = DigestAlgorithm(token: challenge.parameter("algorithm") ?? "MD5") ?? .md5
    let realm = challenge.parameter("realm") ?? ""
    let nonce = challenge.parameter("nonce") ?? ""
    let response = DigestComputation.response(
        algorithm: algorithm, username: username, realm: realm, password: password, method: method, uri: uri,
        nonce: nonce, nonceCount: qop == nil ? nil : nc, cnonce: qop == nil ? nil : cnonce, qop: qop, body: body)
    let sentName =
        userhash ? DigestComputation.userhash(algorithm: algorithm, username: username, realm: realm) : username
    return DigestCredentials(
        username: sentName, userhash: userhash, realm: realm, nonce: nonce, uri: uri, response: response,
        algorithmToken: algorithm.rawValue, cnonce: qop == nil ? nil : cnonce, opaque: challenge.parameter("opaque"),
        qopToken: qop?.rawValue, nonceCountText: qop == nil ? nil : nc
    ).headerValue
}

@Suite struct DigestServerStateMachineFlowTests {
    let configuration = DigestConfiguration(
        realm: "flow@example.org", username: "alice", password: "s3cret", algorithms: DigestAlgorithm.allCases)

    /// The challenges answering a request without credentials.
    func challenges(_ machine: inout OfferedAlone) throws -> [AuthChallenge] {
        guard case .challenged(let values, _) = machine.receive(AuthRequest(), now: testNow) else {
            Issue.record("expected a challenge")
            return []
        }
        return try values.map { try AuthParameterParser.parseChallenges($0)[0] }
    }

    @Test(arguments: DigestAlgorithm.allCases)
    func everyAlgorithmRoundTrips(algorithm: DigestAlgorithm) throws {
        var machine = OfferedAlone(.digest(configuration), random: .seeded(4))
        let challenge = try #require(try challenges(&machine).first { $0.parameter("algorithm") == algorithm.rawValue })
        for (index, qop) in [DigestQualityOfProtection.auth, .authInt].enumerated() {
            let header = digestAnswer(
                challenge, username: "alice", password: "s3cret", uri: "/a?b=1", body: [1, 2, 3], qop: qop,
                nc: String(format: "%08x", index + 1))
            let request = AuthRequest(method: "GET", target: "/a?b=1", authorization: [header], body: [1, 2, 3])
            guard case .authenticated = machine.receive(request, now: testNow) else {
                Issue.record("\(algorithm) \(qop) should authenticate")
                return
            }
        }
    }

    @Test func authIntBodyMismatch() throws {
        var machine = OfferedAlone(.digest(configuration), random: .seeded(5))
        let challenge = try #require(try challenges(&machine).first)
        let header = digestAnswer(
            challenge, username: "alice", password: "s3cret", method: "POST", uri: "/upload", body: Array("hello".utf8),
            qop: .authInt)
        let request = AuthRequest(method: "POST", target: "/upload", authorization: [header], body: Array("hellp".utf8))
        guard case .refused(_, let reason, _) = machine.receive(request, now: testNow) else {
            Issue.record("a different body must be refused")
            return
        }
        #expect(reason.hasPrefix("wrong password for user alice"))
    }

    @Test func rfc2069ModeWithoutQOP() throws {
        var legacy = configuration
        legacy.qops = []
        legacy.algorithms = [.md5]
        var machine = OfferedAlone(.digest(legacy), random: .seeded(6))
        let challenge = try #require(try challenges(&machine).first)
        #expect(challenge.parameter("qop") == nil)
        let header = digestAnswer(challenge, username: "alice", password: "s3cret", uri: "/", qop: nil)
        for _ in 0..<2 {
            guard
                case .authenticated(let credentials, let headers) = machine.receive(
                    AuthRequest(authorization: [header]), now: testNow)
            else {
                Issue.record("RFC 2069 response should authenticate")
                return
            }
            #expect(credentials.detail == "Digest MD5 (RFC 2069, no qop)")
            #expect(headers.isEmpty)
        }
    }

    /// Without `qop` the response is H(HA1:nonce:HA2), verified as such (`digest-rfc2069`): a wrong
    /// password is refused, and so is an answer computed with a qop (and cnonce, nc) never offered.
    @Test func rfc2069ModeVerifiesTheResponse() throws {
        var legacy = configuration
        legacy.qops = []
        legacy.algorithms = [.md5]
        var machine = OfferedAlone(.digest(legacy), random: .seeded(6))
        let challenge = try #require(try challenges(&machine).first)
        let wrongPassword = digestAnswer(challenge, username: "alice", password: "s3creT", uri: "/", qop: nil)
        guard
            case .refused(_, let reason, _) = machine.receive(AuthRequest(authorization: [wrongPassword]), now: testNow)
        else {
            Issue.record("a wrong password must be refused without qop too")
            return
        }
        #expect(reason.hasPrefix("wrong password for user alice"))
        let withQOP = digestAnswer(challenge, username: "alice", password: "s3cret", uri: "/", qop: .auth)
        guard case .refused(_, let qopReason, _) = machine.receive(AuthRequest(authorization: [withQOP]), now: testNow)
        else {
            Issue.record("a qop the server never offered must be refused")
            return
        }
        #expect(qopReason == "qop auth was not offered")
    }

    /// A realm with `"`, `\\` and `, ` is written as a quoted-string with escapes (RFC 9110
    /// §5.6.4) and verified over its unescaped text (`digest-quoted-realm`); an answer hashed over the
    /// escaped text is refused.
    @Test func quotedRealmIsEscapedAndVerifiedUnescaped() throws {
        var quoted = configuration
        quoted.realm = #"Team "Ops", Berlin \ West"#
        quoted.algorithms = [.md5]
        var machine = OfferedAlone(.digest(quoted), random: .seeded(8))
        guard case .challenged(let values, _) = machine.receive(AuthRequest(), now: testNow) else {
            Issue.record("expected a challenge")
            return
        }
        #expect(values.first?.hasPrefix(#"Digest realm="Team \"Ops\", Berlin \\ West""#) == true)
        let value = try #require(values.first)
        let challenge = try #require(try AuthParameterParser.parseChallenges(value).first)
        #expect(challenge.parameter("realm") == quoted.realm)
        // A client that copies the text between the quotes verbatim: its header round-trips to the
        // right realm, its HA1 covers the backslashes.
        let nonce = try #require(challenge.parameter("nonce"))
        let escapedText = #"Team \"Ops\", Berlin \\ West"#
        let hashedEscaped = DigestCredentials(
            username: "alice", realm: quoted.realm, nonce: nonce, uri: "/",
            response: DigestComputation.response(
                algorithm: .md5, username: "alice", realm: escapedText, password: "s3cret", method: "GET", uri: "/",
                nonce: nonce, nonceCount: "00000001", cnonce: "0a4f113b", qop: .auth, body: []),
            algorithmToken: "MD5", cnonce: "0a4f113b", opaque: challenge.parameter("opaque"), qopToken: "auth",
            nonceCountText: "00000001"
        ).headerValue
        guard
            case .refused(_, let reason, _) = machine.receive(AuthRequest(authorization: [hashedEscaped]), now: testNow)
        else {
            Issue.record("an answer hashed over the escaped realm must be refused")
            return
        }
        #expect(reason.hasPrefix("wrong password for user alice"))
        let header = digestAnswer(challenge, username: "alice", password: "s3cret", uri: "/")
        guard case .authenticated = machine.receive(AuthRequest(authorization: [header]), now: testNow) else {
            Issue.record("an answer over the unescaped realm must authenticate")
            return
        }
    }

    @Test func userhashAndNextNonce() throws {
        var options = configuration
        options.offerUserhash = true
        options.sendNextNonce = true
        options.side = .proxy
        var machine = OfferedAlone(.digest(options), random: .seeded(7))
        let challenge = try #require(try challenges(&machine).first)
        #expect(challenge.parameter("userhash") == "true")
        let header = digestAnswer(challenge, username: "alice", password: "s3cret", uri: "/", userhash: true)
        guard
            case .authenticated(let credentials, let headers) = machine.receive(
                AuthRequest(authorization: [header]), now: testNow)
        else {
            Issue.record("userhash should authenticate")
            return
        }
        #expect(credentials.username == "alice")
        #expect(credentials.detail.hasSuffix("userhash"))
        let info = try #require(headers.first)
        #expect(info.name == "Proxy-Authentication-Info")
        let next = try #require(try AuthParameterParser.parseChallenges("X " + info.value)[0].parameter("nextnonce"))
        var followUp = challenge
        followUp.parameters = challenge.parameters.map {
            $0.name == "nonce" ? AuthParameter(name: "nonce", value: next) : $0
        }
        let second = digestAnswer(followUp, username: "alice", password: "s3cret", uri: "/", userhash: true)
        guard case .authenticated = machine.receive(AuthRequest(authorization: [second]), now: testNow) else {
            Issue.record("nextnonce should be usable")
            return
        }
    }

    /// RFC 7616 §3.9.2 (SHA-512-256, userhash) with the erratum 4897 values.
    @Test func rfc7616Section392Userhash() {
        let nonce = "5TsQWLVdgBdmrQ0XsxbDODV+57QdFR34I9HAbC/RVvkK"
        let opaque = "HRPCssKJSGjCrkzDg8OhwpzCiGPChXYjwrI2QmXDnsOS"
        let configuration = DigestConfiguration(
            realm: "api@example.org", username: "J\u{e4}s\u{f8}n Doe", password: "Secret, or not?",
            algorithms: [.sha512_256], qops: [.auth], opaque: opaque, offerUserhash: true)
        let common =
            #"realm="api@example.org", uri="/doe.json", algorithm=SHA-512-256, nonce="\#(nonce)", nc=00000001, "#
            + #"cnonce="NTg6RKcb9boFIAS3KrFK9BGeh+iDa/sm6jUMp2wds69v", qop=auth, "#
            + #"response="3798d4131c277846293534c3edc11bd8a5e4cdcbff78b05db9d95eeb1cec68a5", opaque="\#(opaque)""#
        let hashed =
            #"Digest username="793263caabb707a56211940d90411ea4a575adeccb7e360aeb624ed06ece9b0b", "#
            + common + ", userhash=true"
        let extended = "Digest username*=UTF-8''J%C3%A4s%C3%B8n%20Doe, " + common
        for header in [hashed, extended] {
            var machine = OfferedAlone(.digest(configuration), random: .seeded(8))
            machine.seedNonce(nonce, opaque: opaque, issuedAt: testNow)
            let decision = machine.receive(AuthRequest(target: "/doe.json", authorization: [header]), now: testNow)
            guard case .authenticated(let credentials, _) = decision else {
                Issue.record("expected authentication, got \(decision)")
                return
            }
            #expect(credentials.username == "J\u{e4}s\u{f8}n Doe")
        }
    }

    /// Chromium's net/http/http_auth_handler_digest_unittest.cc SHA-256 + userhash vector (nc=00000123).
    @Test func chromiumSHA256UserhashVector() {
        let nonce = "5TsQWLVdgBdmrQ0XsxbDODV+57QdFR34I9HAbC/RVvkK"
        let opaque = "HRPCssKJSGjCrkzDg8OhwpzCiGPChXYjwrI2QmXDnsOS"
        let configuration = DigestConfiguration(
            realm: "api@example.org", username: "J\u{e4}s\u{f8}n Doe", password: "Secret, or not?",
            algorithms: [.sha256], qops: [.auth], opaque: opaque, offerUserhash: true)
        var machine = OfferedAlone(.digest(configuration), random: .seeded(8))
        machine.seedNonce(nonce, opaque: opaque, issuedAt: testNow)
        let header =
            #"Digest username="5a1a8a47df5c298551b9b42ba9b05835174a5bd7d511ff7fe9191d8e946fc4e7", "#
            + #"realm="api@example.org", nonce="\#(nonce)", uri="/doe.json", algorithm=SHA-256, "#
            + #"response="61baba8a218e4b207f158ed9b9b3a95ed940c1872ef3ff4522eb10110720a145", opaque="\#(opaque)", "#
            + #"qop=auth, nc=00000123, cnonce="NTg6RKcb9boFIAS3KrFK9BGeh+iDa/sm6jUMp2wds69v", userhash=true"#
        guard
            case .authenticated = machine.receive(
                AuthRequest(target: "/doe.json", authorization: [header]), now: testNow)
        else {
            Issue.record("expected authentication")
            return
        }
    }

    @Test func fuzzNeverTraps() throws {
        var generator = SplitMix(seed: 21)
        var machine = RFC7616.machine()
        let base = Array(RFC7616.header().utf8)
        for _ in 0..<3000 {
            let text = String(decoding: generator.mutate(base), as: UTF8.self)
            _ = machine.receive(RFC7616.request(text), now: testNow)
        }
        let store = try #require(machine.nonceStore)
        #expect(store.count <= RFC7616.configuration.nonceCapacity)
    }
}
