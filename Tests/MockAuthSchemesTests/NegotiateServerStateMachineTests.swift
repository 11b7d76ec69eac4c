import Foundation
import MockAuthTestSupport
import MockAuthVocabulary
import Testing

@testable import MockAuthSchemes

@Suite struct NegotiateServerStateMachineTests {
    let ntlm = NTLMConfiguration(username: "alice", password: "Pa55w0rd!", domain: "CORP")
    let client = NTLMTestClient(user: "alice", password: "Pa55w0rd!", domain: "CORP")

    func machine(_ configure: (inout NegotiateConfiguration) -> Void = { _ in }) -> OfferedAlone {
        var configuration = NegotiateConfiguration(ntlm: ntlm)
        configure(&configuration)
        return OfferedAlone(.negotiate(configuration), random: .seeded(3))
    }

    func send(_ machine: inout OfferedAlone, _ token: [UInt8], connection: UInt64 = 1) -> AuthDecision {
        machine.receive(
            AuthRequest(authorization: ["Negotiate " + base64(token)], connectionID: connection), now: testNow)
    }

    /// Extracts the NegTokenResp from the single `Negotiate <b64>` value of a handshake step.
    func reply(_ decision: AuthDecision) -> SPNEGONegTokenResp? {
        guard case .continued(let values, _, _) = decision, values.count == 1,
            let token = values[0].split(separator: " ").last, let bytes = Base64.decode(String(token)),
            case .response(let response)? = try? NegotiateToken.parse(bytes)
        else { return nil }
        return response
    }

    func challenge(in response: SPNEGONegTokenResp?) -> NTLMChallengeMessage? {
        guard let token = response?.responseToken, case .challenge(let message)? = try? NTLMMessage.parse(token) else {
            return nil
        }
        return message
    }

    @Test func spnegoRoundTrip() throws {
        var machine = machine()
        let initial = SPNEGONegTokenInit(mechTypes: [.ntlmssp, .kerberos5], mechToken: client.negotiateMessage())
        let first = try #require(reply(send(&machine, initial.encoded())))
        #expect(first.negState == .acceptIncomplete)
        #expect(first.supportedMech == .ntlmssp)
        let type2 = try #require(challenge(in: first))
        let type3 = SPNEGONegTokenResp(responseToken: client.authenticateMessage(challenge: type2))
        guard case .authenticated(let credentials, let headers) = send(&machine, type3.encoded()) else {
            Issue.record("expected authentication")
            return
        }
        #expect(credentials.scheme == .negotiate)
        #expect(credentials.username == "alice")
        #expect(credentials.verified)
        #expect(credentials.detail == "Negotiate (SPNEGO): NTLMv2")
        #expect(headers == [HeaderField(name: "WWW-Authenticate", value: "Negotiate oQcwBaADCgEA")])
    }

    @Test func realWindowsTokenGetsType2() throws {
        var machine = machine()
        let decision = send(&machine, try #require(Base64.decode(RealSPNEGO.windowsInit)))
        guard case .continued(_, _, let presented) = decision else {
            Issue.record("expected a handshake step")
            return
        }
        #expect(presented?.domain == "SAD")
        #expect(presented?.workstation == "GLYCERINE")
        let type2 = try #require(challenge(in: reply(decision)))
        #expect(type2.flags.contains(.unicode))
    }

    @Test func ntlmSelectedWhenNotFirst() throws {
        var machine = machine()
        let initial = try #require(Base64.decode(RealSPNEGO.negoexFirst))
        let first = try #require(reply(send(&machine, initial)))
        #expect(first == SPNEGONegTokenResp(negState: .acceptIncomplete, supportedMech: .ntlmssp))
        let second = reply(send(&machine, SPNEGONegTokenResp(responseToken: client.negotiateMessage()).encoded()))
        #expect(second?.supportedMech == nil)
        let type2 = try #require(challenge(in: second))
        let type3 = SPNEGONegTokenResp(responseToken: client.authenticateMessage(challenge: type2))
        guard case .authenticated = send(&machine, type3.encoded()) else {
            Issue.record("expected authentication")
            return
        }
    }

    @Test func kerberosOnly() {
        var machine = machine()
        let initial = SPNEGONegTokenInit(mechTypes: [.microsoftKerberos5, .kerberos5], mechToken: [0x6E, 0x00])
        let expected = AuthDecision.refused(
            values: ["Negotiate"], reason: "client offered only Kerberos; this server speaks NTLM inside SPNEGO",
            credentials: nil)
        let viaSPNEGO = send(&machine, initial.encoded())
        #expect(viaSPNEGO == expected)
        let bareKerberos = DERWriter.element(
            0x60, DERWriter.element(0x06, SPNEGOMechanism.kerberos5.oidBytes) + [1, 0])
        let viaGSSAPI = send(&machine, bareKerberos)
        #expect(viaGSSAPI == expected)
    }

    @Test func rawNTLMSSPInsideNegotiate() throws {
        var machine = machine()
        guard case .continued(let values, _, _) = send(&machine, client.negotiateMessage()) else {
            Issue.record("expected a type 2")
            return
        }
        let type2 = try #require(NTLMTestClient.challenge(fromHeader: values[0]))
        guard
            case .authenticated(let credentials, let headers) = send(
                &machine, client.authenticateMessage(challenge: type2))
        else {
            Issue.record("expected authentication")
            return
        }
        #expect(credentials.detail == "Negotiate (raw NTLMSSP): NTLMv2")
        #expect(headers.isEmpty)
        var strict = self.machine { $0.acceptRawNTLMSSP = false }
        guard case .refused(_, let reason, _) = send(&strict, client.negotiateMessage()) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason == "raw NTLMSSP inside Negotiate is not accepted")
    }

    @Test func wrongPasswordAndSwitchedConnection() throws {
        var machine = machine { $0.side = .proxy }
        let initial = SPNEGONegTokenInit(mechTypes: [.ntlmssp], mechToken: client.negotiateMessage())
        let type2 = try #require(challenge(in: reply(send(&machine, initial.encoded()))))
        let wrong = SPNEGONegTokenResp(
            responseToken: client.authenticateMessage(challenge: type2, passwordOverride: "x"))
        guard case .refused(let values, let reason, let presented) = send(&machine, wrong.encoded()) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(values == ["Negotiate"])
        #expect(reason.hasPrefix("wrong password for user CORP\\alice"))
        #expect(presented?.scheme == .negotiate)
        let elsewhere = SPNEGONegTokenResp(responseToken: client.authenticateMessage(challenge: type2))
        guard case .refused(_, let switched, _) = send(&machine, elsewhere.encoded(), connection: 9) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(switched.contains("switched connections"))
    }

    @Test(arguments: ["Negotiate !!!!", "Negotiate", "Negotiate YIIB", "Negotiate oQcwBaADCgE=", "Negotiate MAA="])
    func malformed(_ value: String) {
        var machine = machine()
        let decision = machine.receive(AuthRequest(authorization: [value], connectionID: 1), now: testNow)
        guard case .malformed = decision else {
            Issue.record("expected malformed for \(value), got \(decision)")
            return
        }
    }

    @Test(
        "mutated SPNEGO tokens never authenticate (3,000 seeded rounds; the proof in them answers another server's challenge)"
    )
    func mutatedTokensNeverAuthenticate() throws {
        var generator = SplitMix(seed: 77)
        var machine = machine()
        let seeds = [
            try #require(Base64.decode(RealSPNEGO.windowsInit)),
            SPNEGONegTokenResp(responseToken: ChromiumNTLM.authenticateV2).encoded(),
        ]
        var outcomes: Set<AuthOutcome> = []
        for round in 0..<3000 {
            let outcome = send(&machine, generator.mutate(seeds[round % 2]), connection: UInt64(round % 2)).outcome
            #expect(outcome != .authenticated, "round \(round)")
            outcomes.insert(outcome)
        }
        #expect(outcomes.isSuperset(of: [.continued, .malformed]))
    }
}
