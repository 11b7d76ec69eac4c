import MockAuthTestSupport
import MockAuthVocabulary
import Testing

@testable import MockAuthSchemes

@Suite struct BasicServerStateMachineTests {
    let configuration = BasicConfiguration(realm: "WallyWorld", username: "test", password: "123\u{a3}")

    func request(_ authorization: String...) -> AuthRequest {
        AuthRequest(method: "GET", target: "/", authorization: authorization)
    }

    @Test func challengeWithoutCredentials() {
        var machine = OfferedAlone(.basic(configuration))
        #expect(
            machine.receive(request(), now: testNow)
                == .challenged(values: [#"Basic realm="WallyWorld", charset="UTF-8""#], reason: "no credentials"))
    }

    /// RFC 7617 §2.1: user "test", password "123£" with charset UTF-8 → dGVzdDoxMjPCow==.
    @Test func rfc7617UTF8Example() {
        #expect(BasicCredentials(userID: "test", password: "123\u{a3}").token68 == "dGVzdDoxMjPCow==")
        var machine = OfferedAlone(.basic(configuration))
        guard
            case .authenticated(let credentials, let headers) = machine.receive(
                request("Basic dGVzdDoxMjPCow=="), now: testNow)
        else {
            Issue.record("expected authentication")
            return
        }
        #expect(credentials.username == "test")
        #expect(credentials.verified)
        #expect(headers.isEmpty)
    }

    @Test func latin1PasswordIsRejected() {
        // "test:123\u{a3}" in ISO-8859-1 (0xA3) is not what a UTF-8 server expects.
        let token = base64(Array("test:123".utf8) + [0xA3])
        var machine = OfferedAlone(.basic(configuration))
        guard case .refused(_, let reason, _) = machine.receive(request("Basic \(token)"), now: testNow) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason.hasPrefix("credentials are not UTF-8"))
        #expect(reason.contains("ISO-8859-1"))
        // Without the charset announcement, ISO-8859-1 is read as such and compared.
        var lenient = configuration
        lenient.announceUTF8Charset = false
        var plain = OfferedAlone(.basic(lenient))
        #expect(BasicServerStateMachine(configuration: lenient).challengeValue == #"Basic realm="WallyWorld""#)
        guard case .authenticated(let credentials, _) = plain.receive(request("Basic \(token)"), now: testNow) else {
            Issue.record("expected authentication")
            return
        }
        #expect(credentials.detail.contains("ISO-8859-1"))
    }

    @Test func passwordMayContainColon() {
        var machine = OfferedAlone(.basic(BasicConfiguration(realm: "r", username: "Aladdin", password: "open:sesame")))
        let token = BasicCredentials(userID: "Aladdin", password: "open:sesame").token68
        guard case .authenticated = machine.receive(request("Basic \(token)"), now: testNow) else {
            Issue.record("expected authentication")
            return
        }
    }

    @Test func wrongPasswordAndUser() {
        var machine = OfferedAlone(.basic(configuration))
        let wrongPassword = BasicCredentials(userID: "test", password: "123").token68
        guard
            case .refused(let values, let reason, let presented) = machine.receive(
                request("Basic \(wrongPassword)"), now: testNow)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(values == [BasicServerStateMachine(configuration: configuration).challengeValue])
        #expect(reason == "wrong password for user test")
        #expect(presented?.verified == false)
        let wrongUser = BasicCredentials(userID: "tester", password: "123\u{a3}").token68
        guard case .refused(_, let userReason, _) = machine.receive(request("Basic \(wrongUser)"), now: testNow)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(userReason == "unknown user tester")
    }

    @Test(arguments: ["Basic !!!!", "Basic dGVzdA==", "Basic realm=\"x\"", "Basic", "Basic dGVzdDoxMjPCow"])
    func malformed(_ value: String) {
        var machine = OfferedAlone(.basic(configuration))
        guard case .malformed = machine.receive(request(value), now: testNow) else {
            Issue.record("expected malformed for \(value)")
            return
        }
    }

    @Test func otherSchemeIsRefused() {
        var machine = OfferedAlone(.basic(configuration))
        guard case .refused(_, let reason, _) = machine.receive(request("Bearer abc"), now: testNow) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason.contains("Bearer"))
    }

    @Test("random Basic tokens are refused or malformed, never authenticated (3,000 seeded rounds)")
    func randomTokensNeverAuthenticate() {
        var generator = SplitMix(seed: 11)
        var machine = OfferedAlone(.basic(configuration))
        var outcomes: Set<AuthOutcome> = []
        for round in 0..<3000 {
            let token = base64(generator.bytes(maxCount: 40))
            let outcome = machine.receive(request("Basic \(token)"), now: testNow).outcome
            #expect(outcome != .authenticated, "round \(round): Basic \(token)")
            outcomes.insert(outcome)
            // The user-id ends at the first colon (RFC 7617 §2), whatever the token holds.
            if case .success(let parsed) = BasicCredentials.parse(token68: generator.headerLikeString(maxCount: 30)) {
                #expect(!parsed.userID.contains(":"), "round \(round)")
            }
        }
        // Both paths were taken: tokens read as user:password and refused, and tokens that are not.
        #expect(outcomes == [.refused, .malformed])
    }
}
