import Foundation
import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

@Suite struct ProtectionSpaceAuthenticatorTests {
    static let ntlm = NTLMConfiguration(username: "alice", password: "pw", domain: "CORP")

    func authenticator() -> ProtectionSpaceAuthenticator {
        ProtectionSpaceAuthenticator(
            schemes: [
                .negotiate(NegotiateConfiguration(ntlm: Self.ntlm)),
                .ntlm(Self.ntlm),
                .digest(
                    DigestConfiguration(realm: "r", username: "alice", password: "pw", algorithms: [.sha256, .md5])),
                .basic(BasicConfiguration(realm: "r", username: "alice", password: "pw")),
                .bearer(BearerConfiguration(realm: "r", validTokens: ["t0k"])),
            ], random: .seeded(17))
    }

    @Test func offersEverySchemeInOrder() throws {
        var origin = authenticator()
        #expect(origin.offeredSchemes == [.negotiate, .ntlm, .digest, .basic, .bearer])
        let result = origin.authenticate(AuthRequest(), now: testNow)
        guard case .challenged(let values, "no credentials") = result.decision else {
            Issue.record("expected a challenge")
            return
        }
        #expect(result.chosenScheme == nil)
        #expect(values.count == 6)
        #expect(values[0] == "Negotiate")
        #expect(values[1] == "NTLM")
        #expect(values[2].hasPrefix("Digest ") && values[2].contains("algorithm=SHA-256"))
        #expect(values[3].contains("algorithm=MD5"))
        #expect(values[4] == #"Basic realm="r", charset="UTF-8""#)
        #expect(values[5] == #"Bearer realm="r""#)
        let line = ProtectionSpaceAuthenticator.joinedChallengeLine(values)
        let reparsed = try AuthParameterParser.parseChallenges(line)
        #expect(reparsed.map(\.schemeName) == [.negotiate, .ntlm, .digest, .digest, .basic, .bearer])
    }

    @Test func dispatchesToTheChosenScheme() {
        var origin = authenticator()
        let basic = "Basic " + BasicCredentials(userID: "alice", password: "pw").token68
        let result = origin.authenticate(AuthRequest(authorization: [basic]), now: testNow)
        #expect(result.chosenScheme == .basic)
        guard case .authenticated(let credentials, _) = result.decision else {
            Issue.record("expected authentication")
            return
        }
        #expect(credentials.scheme == .basic)
        let bearer = origin.authenticate(AuthRequest(authorization: ["Bearer t0k"]), now: testNow)
        #expect(bearer.chosenScheme == .bearer)
    }

    @Test func refusalReoffersEverySchemeWithDigestStale() throws {
        var origin = authenticator()
        let first = origin.authenticate(AuthRequest(), now: testNow)
        guard case .challenged(let values, _) = first.decision else {
            Issue.record("expected a challenge")
            return
        }
        let challenge = try AuthParameterParser.parseChallenges(values[2])[0]
        let header = digestAnswer(challenge, username: "alice", password: "pw", uri: "/")
        let later = testNow.addingTimeInterval(600)
        let result = origin.authenticate(AuthRequest(authorization: [header]), now: later)
        #expect(result.chosenScheme == .digest)
        guard case .refused(let again, "nonce expired (stale)", _) = result.decision else {
            Issue.record("expected a stale refusal, got \(result.decision)")
            return
        }
        #expect(again.count == 6)
        #expect(again[2].contains("stale=true") && again[3].contains("stale=true"))
        #expect(again[0] == "Negotiate")
        let wrong = "Basic " + BasicCredentials(userID: "alice", password: "nope").token68
        guard
            case .refused(let afterWrong, "wrong password for user alice", _) = origin.authenticate(
                AuthRequest(authorization: [wrong]), now: later
            ).decision
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(afterWrong.count == 6)
    }

    @Test func ntlmHandshakeAnswersOnlyWithType2AndPersists() throws {
        var origin = authenticator()
        let client = NTLMTestClient(user: "alice", password: "pw", domain: "CORP")
        let step = origin.authenticate(
            AuthRequest(authorization: ["NTLM " + base64(client.negotiateMessage())], connectionID: 4), now: testNow)
        guard case .continued(let values, _, _) = step.decision else {
            Issue.record("expected a type 2")
            return
        }
        #expect(values.count == 1)
        let type2 = try #require(NTLMTestClient.challenge(fromHeader: values[0]))
        let done = origin.authenticate(
            AuthRequest(
                authorization: ["NTLM " + base64(client.authenticateMessage(challenge: type2))], connectionID: 4),
            now: testNow)
        #expect(done.chosenScheme == .ntlm)
        guard case .authenticated = done.decision else {
            Issue.record("expected authentication")
            return
        }
        let next = origin.authenticate(AuthRequest(connectionID: 4), now: testNow)
        #expect(next.chosenScheme == .ntlm)
        origin.connectionClosed(4)
        guard case .challenged = origin.authenticate(AuthRequest(connectionID: 4), now: testNow).decision else {
            Issue.record("a closed connection must start over")
            return
        }
    }

    @Test func unofferedSchemeAndGarbage() {
        var origin = ProtectionSpaceAuthenticator(schemes: [
            .basic(BasicConfiguration(realm: "r", username: "u", password: "p"))
        ]
        )
        let other = origin.authenticate(AuthRequest(authorization: ["Bearer abc"]), now: testNow)
        guard case .refused(let values, let reason, _) = other.decision else {
            Issue.record("expected a refusal")
            return
        }
        #expect(values.count == 1)
        #expect(reason == "client used Bearer, which this server does not offer; it offers Basic")
        guard case .malformed = origin.authenticate(AuthRequest(authorization: ["Basic realm="]), now: testNow).decision
        else {
            Issue.record("expected malformed")
            return
        }
    }

    @Test(
        "random Authorization values never authenticate, whichever of the five schemes they name (2,000 seeded rounds)")
    func randomValuesNeverAuthenticate() {
        var generator = SplitMix(seed: 2024)
        var origin = authenticator()
        for round in 0..<2000 {
            let value = generator.headerLikeString(maxCount: 60)
            let decision = origin.authenticate(
                AuthRequest(authorization: [value], connectionID: UInt64(round % 4)), now: testNow
            ).decision
            #expect(decision.outcome != .authenticated, "round \(round): \(value)")
        }
    }
}
