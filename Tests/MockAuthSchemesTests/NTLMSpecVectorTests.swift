import Foundation
import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

/// Feeds the MS-NLMP §4.2 example messages to a server whose fixed challenge is 0123456789abcdef.
@Suite struct NTLMSpecVectorTests {
    static func configuration(acceptNTLMv1: Bool = false, password: String = "Password") -> NTLMConfiguration {
        NTLMConfiguration(
            username: "User", password: password, domain: "Domain", computerName: "Server",
            fixedServerChallenge: MSNLMP.serverChallenge, acceptNTLMv1: acceptNTLMv1)
    }

    static func answer(_ type3: [UInt8], configuration: NTLMConfiguration) -> AuthDecision {
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(1))
        let type1 = NTLMTestClient(user: "User", password: "", domain: "Domain").negotiateMessage()
        let first = machine.receive(AuthRequest(authorization: ["NTLM " + base64(type1)]), now: testNow)
        guard case .continued(let values, _, _) = first, let value = values.first,
            NTLMTestClient.challenge(fromHeader: value)?.serverChallenge == MSNLMP.serverChallenge
        else { return .malformed(reason: "handshake failed: \(first)") }
        return machine.receive(AuthRequest(authorization: ["NTLM " + base64(type3)]), now: testNow)
    }

    /// MS-NLMP §4.2.4: NTProofStr 68cd0ab851e51c96aabc927bebef6a1c over the spec's temp.
    @Test func specNTLMv2Response() {
        let nt = hex("68cd0ab851e51c96aabc927bebef6a1c") + MSNLMP.temp
        let type3 = NTLMTestClient.authenticate(
            lm: Array(repeating: 0, count: 24), nt: nt, domain: "Domain", user: "User",
            workstation: "COMPUTER", flags: [.unicode, .ntlm, .extendedSessionSecurity])
        guard case .authenticated(let credentials, _) = Self.answer(type3, configuration: Self.configuration()) else {
            Issue.record("the MS-NLMP §4.2.4 response must verify")
            return
        }
        #expect(credentials.detail == "NTLMv2")
        #expect(credentials.workstation == "COMPUTER")
        guard case .refused = Self.answer(type3, configuration: Self.configuration(password: "password")) else {
            Issue.record("a different password must not verify")
            return
        }
    }

    /// Chromium's complete NTLMv2 AUTHENTICATE_MESSAGE for the same inputs (client timestamp, MIC, EPA pairs).
    @Test func chromiumNTLMv2Message() {
        guard
            case .authenticated(let credentials, _) = Self.answer(
                ChromiumNTLM.authenticateV2, configuration: Self.configuration())
        else {
            Issue.record("Chromium's type 3 must verify")
            return
        }
        #expect(credentials.username == "User")
        #expect(credentials.domain == "Domain")
    }

    /// MS-NLMP §4.2.3: NTLMv1 with extended session security, accepted only when the policy allows it.
    @Test func ntlmv1PolicyKnob() {
        guard
            case .refused(_, let reason, _) = Self.answer(
                ChromiumNTLM.authenticateV1, configuration: Self.configuration())
        else {
            Issue.record("NTLMv1 must be refused by default")
            return
        }
        #expect(
            reason == #"NTLMv1 with extended session security response from Domain\User rejected (policy: NTLMv2 only)"#
        )
        guard
            case .authenticated(let credentials, _) = Self.answer(
                ChromiumNTLM.authenticateV1, configuration: Self.configuration(acceptNTLMv1: true))
        else {
            Issue.record("NTLMv1 must verify when allowed")
            return
        }
        #expect(credentials.detail == "NTLMv1 with extended session security")
    }

    /// MS-NLMP §4.2.2: plain NTLMv1 response 67c43011f30298a2ad35ece64f16331c44bdbed927841f94.
    @Test func plainNTLMv1() {
        let type3 = NTLMTestClient.authenticate(
            lm: Array(repeating: 0, count: 24),
            nt: hex("67c43011f30298a2ad35ece64f16331c44bdbed927841f94"), domain: "Domain", user: "User",
            workstation: "COMPUTER", flags: [.unicode, .ntlm])
        guard
            case .authenticated(let credentials, _) = Self.answer(
                type3, configuration: Self.configuration(acceptNTLMv1: true))
        else {
            Issue.record("MS-NLMP §4.2.2 NTLMv1 must verify when allowed")
            return
        }
        #expect(credentials.detail == "NTLMv1")
        guard case .refused = Self.answer(type3, configuration: Self.configuration(acceptNTLMv1: true, password: "x"))
        else {
            Issue.record("wrong password must not verify")
            return
        }
    }
}
