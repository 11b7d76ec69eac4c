import Testing

@testable import MockAuthSchemes

@Suite struct BearerServerStateMachineTests {
    var machine = OfferedAlone(
        .bearer(BearerConfiguration(realm: "example", validTokens: ["mF_9.B5f-4.1JqM"], expiredTokens: ["old"])))

    func decide(_ value: String?) -> AuthDecision {
        var machine = self.machine
        return machine.receive(AuthRequest(authorization: value.map { [$0] } ?? []), now: testNow)
    }

    @Test func noTokenGetsBareChallenge() {
        #expect(
            decide(nil) == .challenged(values: [#"Bearer realm="example""#], reason: "no credentials"))
    }

    @Test func validToken() {
        guard case .authenticated(let credentials, _) = decide("Bearer mF_9.B5f-4.1JqM") else {
            Issue.record("expected authentication")
            return
        }
        #expect(credentials.scheme == .bearer)
        #expect(credentials.verified)
    }

    @Test func invalidAndExpiredTokens() {
        guard case .refused(let values, let reason, _) = decide("Bearer nope") else {
            Issue.record("expected a refusal")
            return
        }
        #expect(
            values == [
                #"Bearer realm="example", error="invalid_token", error_description="The access token is not recognised""#
            ])
        #expect(reason == "invalid_token: The access token is not recognised")
        guard case .refused(let expiredValues, _, _) = decide("Bearer old") else {
            Issue.record("expected a refusal")
            return
        }
        #expect(
            expiredValues == [
                #"Bearer realm="example", error="invalid_token", error_description="The access token expired""#
            ])
    }

    @Test func malformedRequest() {
        guard case .malformed(let reason) = decide(#"Bearer token="x""#) else {
            Issue.record("expected malformed")
            return
        }
        #expect(reason.hasPrefix("invalid_request"))
    }

    @Test func scopeIsAnnounced() {
        let scoped = BearerServerStateMachine(
            configuration: BearerConfiguration(realm: "r", validTokens: [], scope: "openid profile"))
        #expect(scoped.challengeValue() == #"Bearer realm="r", scope="openid profile""#)
    }
}
