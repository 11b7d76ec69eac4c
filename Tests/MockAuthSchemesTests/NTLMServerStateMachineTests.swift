import Foundation
import MockAuthTestSupport
import MockAuthVocabulary
import Testing

@testable import MockAuthSchemes

@Suite struct NTLMServerStateMachineTests {
    let configuration = NTLMConfiguration(username: "alice", password: "Pa55w0rd!", domain: "CORP")
    let client = NTLMTestClient(user: "alice", password: "Pa55w0rd!", domain: "CORP")

    func request(_ value: String?, connection: UInt64 = 1) -> AuthRequest {
        AuthRequest(authorization: value.map { [$0] } ?? [], connectionID: connection)
    }

    /// Sends a type 1 and returns the parsed type 2.
    func handshake(_ machine: inout OfferedAlone, connection: UInt64 = 1) -> NTLMChallengeMessage? {
        let type1 = "NTLM " + base64(client.negotiateMessage())
        guard
            case .continued(let values, _, let presented) = machine.receive(
                request(type1, connection: connection), now: testNow),
            values.count == 1
        else { return nil }
        #expect(presented?.workstation == "WORKSTATION")
        return NTLMTestClient.challenge(fromHeader: values[0])
    }

    @Test func fullRoundTrip() throws {
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(5))
        #expect(
            machine.receive(request(nil), now: testNow)
                == .challenged(values: ["NTLM"], reason: "no credentials"))
        let type2 = try #require(handshake(&machine))
        #expect(type2.flags.isSuperset(of: [.unicode, .ntlm, .extendedSessionSecurity, .targetInfo, .requestTarget]))
        #expect(type2.targetName == "CORP")
        #expect(
            type2.targetInfo.map(\.id) == [
                NTLMAVPair.nbDomainName, NTLMAVPair.nbComputerName, NTLMAVPair.dnsDomainName,
                NTLMAVPair.dnsComputerName, NTLMAVPair.timestamp,
            ])
        let type3 = "NTLM " + base64(client.authenticateMessage(challenge: type2))
        guard case .authenticated(let credentials, let headers) = machine.receive(request(type3), now: testNow) else {
            Issue.record("expected authentication")
            return
        }
        #expect(
            credentials
                == PresentedCredentials(
                    scheme: .ntlm, username: "alice", domain: "CORP", workstation: "WORKSTATION", verified: true,
                    detail: "NTLMv2"))
        #expect(headers.isEmpty)
        // The connection stays authenticated; another connection does not.
        #expect(machine.receive(request(nil), now: testNow) == .authenticated(credentials, responseHeaders: []))
        #expect(
            machine.receive(request(nil, connection: 2), now: testNow)
                != .authenticated(credentials, responseHeaders: []))
        machine.connectionClosed(1)
        #expect(
            machine.receive(request(nil), now: testNow)
                == .challenged(values: ["NTLM"], reason: "no credentials"))
    }

    @Test func wrongPasswordIsRejected() throws {
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(6))
        let type2 = try #require(handshake(&machine))
        let type3 = "NTLM " + base64(client.authenticateMessage(challenge: type2, passwordOverride: "guess"))
        #expect(
            machine.receive(request(type3), now: testNow)
                == .refused(
                    values: ["NTLM"], reason: #"wrong password for user CORP\alice (NTLMv2 proof mismatch)"#,
                    credentials: PresentedCredentials(
                        scheme: .ntlm, username: "alice", domain: "CORP", workstation: "WORKSTATION", verified: false,
                        detail: "NTLMv2")))
        // The server challenge is used up: replaying a correct type 3 needs a new type 2.
        let replay = "NTLM " + base64(client.authenticateMessage(challenge: type2))
        guard case .refused(_, let reason, _) = machine.receive(request(replay), now: testNow) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason.contains("never received a type 2"))
    }

    /// wget 1.21.3's handshake (http-ntlm.c): a type 1 of NTLMSSP_NEGOTIATE_OEM and _NTLM (0x0202)
    /// without names, and a type 3 whose flags (0x8201) claim Unicode while its names are 8-bit,
    /// answering with NTLMv1 (24-byte responses).
    func wgetHandshake(_ machine: inout OfferedAlone, password: String = "Pa55w0rd!") throws -> AuthDecision {
        let type1 = "NTLM " + base64(client.negotiateMessage(flags: [.oem, .ntlm], supplyNames: false))
        guard case .continued(let values, _, _) = machine.receive(request(type1), now: testNow),
            let type2 = values.first.flatMap(NTLMTestClient.challenge(fromHeader:))
        else {
            Issue.record("expected a type 2")
            throw NTLMParseError(reason: "no type 2")
        }
        #expect(type2.flags.contains(.oem) && !type2.flags.contains(.unicode), "OEM negotiated: \(type2.flags)")
        let response = NTLMCrypto.ntlmv1Response(
            ntHash: NTLMCrypto.ntHash(password: password), challenge: type2.serverChallenge)
        let type3 = NTLMTestClient.authenticate(
            lm: response, nt: response, domain: "CORP", user: "alice", workstation: "", flags: [.ntlm, .alwaysSign],
            oemStrings: true)
        return machine.receive(request("NTLM " + base64(type3)), now: testNow)
    }

    @Test(
        "wget's type 3 is read in the OEM encoding its type 2 negotiated: refused as the NTLMv1 it is, not as odd UTF-16"
    )
    func oemNegotiatedUnicodeClaimed() throws {
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(11))
        guard case .refused(_, let reason, let presented) = try wgetHandshake(&machine) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason == #"NTLMv1 response from CORP\alice rejected (policy: NTLMv2 only)"#)
        #expect(presented?.username == "alice")
        #expect(presented?.detail == "NTLMv1")

        // Where NTLMv1 is accepted, its response is verified exactly: the right password gets in, a wrong one not.
        var lenient = OfferedAlone(
            .ntlm(NTLMConfiguration(username: "alice", password: "Pa55w0rd!", domain: "CORP", acceptNTLMv1: true)),
            random: .seeded(12))
        guard case .authenticated(let credentials, _) = try wgetHandshake(&lenient) else {
            Issue.record("expected NTLMv1 to verify")
            return
        }
        #expect(credentials.detail == "NTLMv1")
        guard case .refused(_, let wrong, _) = try wgetHandshake(&lenient, password: "guess") else {
            Issue.record("expected a refusal")
            return
        }
        #expect(wrong == #"wrong password for user CORP\alice (NTLMv1 response mismatch)"#)
    }

    @Test(
        "wget's type 3 on a connection that never received a type 2 is refused as switching connections, not as odd UTF-16"
    )
    func oemTypeThreeOnAnotherConnection() throws {
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(14))
        let type3 = NTLMTestClient.authenticate(
            lm: Array(repeating: 1, count: 24), nt: Array(repeating: 2, count: 24), domain: "CORP", user: "alice",
            workstation: "", flags: [.ntlm, .alwaysSign], oemStrings: true)
        guard
            case .refused(_, let reason, let presented) = machine.receive(
                request("NTLM " + base64(type3), connection: 9), now: testNow)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason == "NTLM type 3 on a connection that never received a type 2 (the client switched connections)")
        #expect(presented?.username == "alice")
    }

    @Test("NTLMv2 over an OEM negotiation verifies exactly, from the names read as OEM")
    func ntlmv2OverOEM() throws {
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(13))
        let type1 = "NTLM " + base64(client.negotiateMessage(flags: [.oem, .ntlm, .requestTarget]))
        guard case .continued(let values, _, _) = machine.receive(request(type1), now: testNow),
            let type2 = values.first.flatMap(NTLMTestClient.challenge(fromHeader:))
        else {
            Issue.record("expected a type 2")
            return
        }
        var blob: [UInt8] = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        blob += hex("aaaaaaaaaaaaaaaa") + [0, 0, 0, 0] + NTLMAVPair.encode(type2.targetInfo) + [0, 0, 0, 0]
        func type3(_ password: String) -> String {
            let key = NTLMCrypto.ntowfv2(ntHash: NTLMCrypto.ntHash(password: password), user: "alice", domain: "CORP")
            let proof = NTLMCrypto.ntProofString(ntowfv2: key, serverChallenge: type2.serverChallenge, blob: blob)
            return "NTLM "
                + base64(
                    NTLMTestClient.authenticate(
                        lm: Array(repeating: 0, count: 24), nt: proof + blob, domain: "CORP", user: "alice",
                        workstation: "W", flags: type2.flags, oemStrings: true))
        }
        guard case .authenticated(let credentials, _) = machine.receive(request(type3("Pa55w0rd!")), now: testNow)
        else {
            Issue.record("expected NTLMv2 to verify")
            return
        }
        #expect(credentials.detail == "NTLMv2")
        #expect(credentials.username == "alice")
    }

    @Test func unknownUserAndCaseInsensitiveUser() throws {
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(7))
        var type2 = try #require(handshake(&machine))
        let bob = "NTLM " + base64(client.authenticateMessage(challenge: type2, userOverride: "bob"))
        guard case .refused(_, let reason, _) = machine.receive(request(bob), now: testNow) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason == #"unknown user CORP\bob"#)
        type2 = try #require(handshake(&machine))
        let upper = "NTLM " + base64(client.authenticateMessage(challenge: type2, userOverride: "ALICE"))
        guard case .authenticated = machine.receive(request(upper), now: testNow) else {
            Issue.record("user names are case-insensitive")
            return
        }
    }

    @Test("another account verifies with its own password, never with the first account's")
    func otherAccounts() throws {
        var withBob = configuration
        withBob.otherAccounts = [Account(username: "bob", password: "builder-3")]
        var machine = OfferedAlone(.ntlm(withBob), random: .seeded(9))
        var type2 = try #require(handshake(&machine))
        let bob =
            "NTLM "
            + base64(
                client.authenticateMessage(challenge: type2, passwordOverride: "builder-3", userOverride: "BOB"))
        guard case .authenticated(let credentials, _) = machine.receive(request(bob), now: testNow) else {
            Issue.record("bob has an account")
            return
        }
        #expect(credentials.username == "BOB")
        type2 = try #require(handshake(&machine))
        let bobWithAlicesPassword = "NTLM " + base64(client.authenticateMessage(challenge: type2, userOverride: "bob"))
        guard case .refused(_, let reason, _) = machine.receive(request(bobWithAlicesPassword), now: testNow) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(reason == #"wrong password for user CORP\bob (NTLMv2 proof mismatch)"#)
    }

    /// The decision on a type 3 from `client` (whose proof is right for the domain it names).
    func decision(
        _ client: NTLMTestClient, configuration: NTLMConfiguration? = nil
    ) throws -> AuthDecision {
        var machine = OfferedAlone(.ntlm(configuration ?? self.configuration), random: .seeded(11))
        let type1 = "NTLM " + base64(client.negotiateMessage())
        guard case .continued(let values, _, _) = machine.receive(request(type1), now: testNow),
            let value = values.first
        else { throw NTLMTestError.noChallenge }
        let type2 = try #require(NTLMTestClient.challenge(fromHeader: value))
        return machine.receive(request("NTLM " + base64(client.authenticateMessage(challenge: type2))), now: testNow)
    }

    enum NTLMTestError: Error { case noChallenge }

    @Test("a domain other than the account's is refused like a wrong password, whatever its case")
    func wrongDomain() throws {
        var other = client
        other.domain = "WRONGDOMAIN"
        guard case .refused(_, let reason, let presented) = try decision(other) else {
            Issue.record("WRONGDOMAIN\\alice must not authenticate")
            return
        }
        #expect(reason == "wrong domain WRONGDOMAIN for user alice (the account is in CORP)")
        #expect(presented?.domain == "WRONGDOMAIN")
        var lowercase = client
        lowercase.domain = "corp"
        guard case .authenticated = try decision(lowercase) else {
            Issue.record("the domain compares case-insensitively")
            return
        }
    }

    @Test("an empty domain is the server's own by default, and refused where the scenario says so")
    func emptyDomain() throws {
        var noDomain = client
        noDomain.domain = ""
        guard case .authenticated = try decision(noDomain) else {
            Issue.record("an empty domain stands for the server's own")
            return
        }
        var strict = configuration
        strict.emptyDomain = .refused
        guard case .refused(_, let reason, _) = try decision(noDomain, configuration: strict) else {
            Issue.record("empty-domain: refused")
            return
        }
        #expect(reason == #"no domain for user alice (this server wants CORP\alice)"#)
        guard case .authenticated = try decision(client, configuration: strict) else {
            Issue.record("the account's domain passes")
            return
        }
    }

    @Test func typeThreeOnAnotherConnection() throws {
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(8))
        let type2 = try #require(handshake(&machine, connection: 1))
        let type3 = "NTLM " + base64(client.authenticateMessage(challenge: type2))
        guard case .refused(let values, let reason, _) = machine.receive(request(type3, connection: 2), now: testNow)
        else {
            Issue.record("expected a refusal")
            return
        }
        #expect(values == ["NTLM"])
        #expect(reason == "NTLM type 3 on a connection that never received a type 2 (the client switched connections)")
    }

    @Test func randomChallengesDiffer() throws {
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(9))
        let first = try #require(handshake(&machine, connection: 1))
        let second = try #require(handshake(&machine, connection: 2))
        #expect(first.serverChallenge != second.serverChallenge)
    }

    @Test(arguments: [
        "NTLM !!!!", "NTLM", "NTLM realm=\"x\"", "NTLM TlRMTVNTUAADAAAA",
        "NTLM " + base64(ChromiumNTLM.challengeV2),
        "NTLM " + base64(Array(ChromiumNTLM.authenticateV2.prefix(100))),
    ])
    func malformedInput(_ value: String) {
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(10))
        _ = handshake(&machine)
        guard case .malformed = machine.receive(request(value), now: testNow) else {
            Issue.record("expected malformed for \(value)")
            return
        }
    }

    @Test(
        "mutated NTLM messages never authenticate: only the client's own proof, unchanged, could (4,000 seeded rounds)")
    func mutatedMessagesNeverAuthenticate() throws {
        var generator = SplitMix(seed: 1234)
        var machine = OfferedAlone(.ntlm(configuration), random: .seeded(11))
        let type2 = try #require(handshake(&machine))
        let proof = client.authenticateMessage(challenge: type2)
        let seeds = [client.negotiateMessage(), proof, ChromiumNTLM.authenticateV2]
        var outcomes: Set<AuthOutcome> = []
        for round in 0..<4000 {
            let bytes = generator.mutate(seeds[round % seeds.count])
            let outcome = machine.receive(
                request("NTLM " + base64(bytes), connection: UInt64(round % 3)), now: testNow
            ).outcome
            outcomes.insert(outcome)
            if outcome == .authenticated {
                #expect(bytes == proof, "round \(round): a changed message was taken for the proof")
            }
        }
        #expect(outcomes.isSuperset(of: [.continued, .refused, .malformed]))
    }
}
