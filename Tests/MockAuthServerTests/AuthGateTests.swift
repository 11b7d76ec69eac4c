import MockAuthScenario
import MockAuthTranscript
import Testing

@testable import MockAuthServer

@Suite("AuthGate: what a protection space decides, and what it records")
struct AuthGateTests {
    /// The decision as the header lines it answers with: `pass`, `challenge` (each value on the
    /// gate's ``AuthGate/challengeHeader``, as the responder writes it) or `badRequest`, and its payload.
    enum Outcome: Equatable {
        case pass([String])
        case challenge([String])
        case badRequest(String)

        init(_ decision: GateDecision, challengeHeader: String) {
            switch decision {
            case .pass(let headers): self = .pass(headers.map { "\($0.name): \($0.value)" })
            case .challenge(let values): self = .challenge(values.map { "\(challengeHeader): \($0)" })
            case .badRequest(let reason): self = .badRequest(reason)
            }
        }
    }

    func check(_ gate: AuthGate, _ credentials: [String], connection: UInt64 = 1) -> (Outcome, AuthRecord) {
        let result = gate.check(
            method: "GET", target: "/", credentials: credentials, body: [], connectionID: connection)
        return (Outcome(result.decision, challengeHeader: gate.challengeHeader), result.record)
    }

    @Test("origin: 401 and WWW-Authenticate without credentials, the Authorization header recorded")
    func originChallenge() {
        let gate = AuthGate(spec: Fixtures.basicAuth, side: .origin)
        #expect(gate.challengeStatus == 401)
        #expect(gate.credentialsHeader == "Authorization")
        let (outcome, record) = check(gate, [])
        #expect(outcome == .challenge(["WWW-Authenticate: \(Fixtures.basicChallenge)"]))
        #expect(
            record
                == AuthRecord(
                    decision: .challenged, header: "Authorization", realm: "mockauth", offered: [.basic],
                    reason: "no credentials"))
        #expect(!record.carriedCredentials)
    }

    @Test("origin: the right credentials pass, recorded with scheme and user")
    func originPass() {
        let gate = AuthGate(spec: Fixtures.basicAuth, side: .origin)
        let (outcome, record) = check(gate, [Fixtures.basic("alice", "secret")])
        #expect(outcome == .pass([]))
        #expect(
            record
                == AuthRecord(
                    decision: .authenticated, header: "Authorization", realm: "mockauth", offered: [.basic],
                    scheme: "Basic", username: "alice", reason: "Basic"))
    }

    @Test("origin: a wrong password is challenged again and recorded as refused")
    func originRefused() {
        let gate = AuthGate(spec: Fixtures.basicAuth, side: .origin)
        let (outcome, record) = check(gate, [Fixtures.basic("alice", "wrong")])
        #expect(outcome == .challenge(["WWW-Authenticate: \(Fixtures.basicChallenge)"]))
        #expect(
            record
                == AuthRecord(
                    decision: .refused, header: "Authorization", realm: "mockauth", offered: [.basic],
                    scheme: "Basic", username: "alice", reason: "wrong password for user alice"))
    }

    @Test("origin: unreadable credentials are a bad request, recorded as malformed credentials")
    func originBadRequest() {
        let gate = AuthGate(spec: Fixtures.basicAuth, side: .origin)
        let (outcome, record) = check(gate, ["Basic !!!not-base64!!!"])
        guard case .badRequest(let reason) = outcome else {
            Issue.record("expected a bad request, got \(outcome)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(record.decision == .malformed)
        #expect(record.reason == reason)
        #expect(record.scheme == "Basic")
        #expect(record.carriedCredentials)
    }

    @Test("proxy: 407, Proxy-Authenticate and Proxy-Authorization")
    func proxy() {
        let gate = AuthGate(spec: Fixtures.basicAuth, side: .proxy)
        #expect(gate.challengeStatus == 407)
        #expect(gate.credentialsHeader == "Proxy-Authorization")

        let (challenge, challenged) = check(gate, [])
        #expect(challenge == .challenge(["Proxy-Authenticate: \(Fixtures.basicChallenge)"]))
        #expect(challenged.header == "Proxy-Authorization")
        #expect(challenged.decision == .challenged)

        let (pass, authenticated) = check(gate, [Fixtures.basic("alice", "secret")])
        #expect(pass == .pass([]))
        #expect(authenticated.header == "Proxy-Authorization")
        #expect(authenticated.decision == .authenticated)

        let (bad, malformed) = check(gate, ["Basic !!!"])
        #expect(malformed.header == "Proxy-Authorization")
        guard case .badRequest = bad else {
            Issue.record("expected a bad request, got \(bad)")
            return
        }
    }

    @Test("several schemes: one challenge line each, or one line when the scenario says so")
    func challengeLines() {
        let spec = AuthSpec(realm: "mockauth", schemes: [.digestSHA256, .basic], account: Fixtures.alice)
        let (separate, record) = check(AuthGate(spec: spec, side: .origin), [])
        guard case .challenge(let lines) = separate else {
            Issue.record("expected a challenge, got \(separate)")
            return
        }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("WWW-Authenticate: Digest ") == true)
        #expect(lines.last == "WWW-Authenticate: \(Fixtures.basicChallenge)")
        #expect(record.offered == [.digest, .basic])

        var oneLineSpec = spec
        oneLineSpec.challengesOnOneLine = true
        let (joined, _) = check(AuthGate(spec: oneLineSpec, side: .origin), [])
        guard case .challenge(let line) = joined else {
            Issue.record("expected a challenge, got \(joined)")
            return
        }
        #expect(line.count == 1)
        #expect(line.first?.hasPrefix("WWW-Authenticate: Digest ") == true)
        #expect(line.first?.hasSuffix(", \(Fixtures.basicChallenge)") == true)
    }

    @Test(
        "a stateless gate answers repeated credentials from its last decision, on any connection, and never another's")
    func lastDecision() {
        let gate = AuthGate(spec: Fixtures.basicAuth, side: .origin)
        let right = [Fixtures.basic("alice", "secret")]
        let wrong = [Fixtures.basic("alice", "wrong")]
        var outcomes: [AuthRecord.Decision] = []
        for (credentials, connection) in [(right, 1), (right, 2), (wrong, 3), (right, 4), ([], 5), (wrong, 6)] {
            outcomes.append(check(gate, credentials, connection: UInt64(connection)).1.decision)
        }
        #expect(outcomes == [.authenticated, .authenticated, .refused, .authenticated, .challenged, .refused])
        let (first, firstRecord) = check(gate, right, connection: 7)
        let (again, againRecord) = check(gate, right, connection: 8)
        #expect(first == again && firstRecord == againRecord, "the same decision, recorded the same")
    }

    @Test("only a space with NTLM or Negotiate holds state per connection: closing another takes no lock")
    func connectionState() {
        let account = Fixtures.alice
        for schemes: [AuthSchemeSpec] in [[.basic], [.digestSHA256], [.digestSHA256, .basic]] {
            #expect(!AuthGate(spec: AuthSpec(schemes: schemes, account: account), side: .origin).holdsConnectionState)
        }
        #expect(
            !AuthGate(spec: AuthSpec(schemes: [.bearer], account: account, token: "t0k3n"), side: .origin)
                .holdsConnectionState)
        for schemes: [AuthSchemeSpec] in [[.ntlm], [.negotiate], [.digestSHA256, .ntlm]] {
            #expect(AuthGate(spec: AuthSpec(schemes: schemes, account: account), side: .proxy).holdsConnectionState)
        }
    }

    @Test("NTLM: a type 1 leaves per-connection state that connectionClosed frees, for that connection only")
    func ntlmStateFreed() {
        let gate = AuthGate(
            spec: AuthSpec(realm: "mockauth", schemes: [.ntlm], account: Fixtures.alice), side: .origin)

        let (type2, negotiated) = check(gate, [NTLMMessages.negotiate], connection: 7)
        guard case .challenge(let lines) = type2 else {
            Issue.record("expected a type 2, got \(type2)")
            return
        }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("WWW-Authenticate: NTLM T") == true)
        #expect(negotiated.decision == .continued)
        #expect(negotiated.scheme == "NTLM")
        _ = check(gate, [NTLMMessages.negotiate], connection: 8)

        // The handshake of connection 7 is pending: its type 3 is verified (and refused: unknown user).
        let (_, pending) = check(gate, [NTLMMessages.authenticate(user: "mallory")], connection: 7)
        #expect(pending.decision == .refused)
        #expect(pending.reason == "unknown user mallory")

        _ = check(gate, [NTLMMessages.negotiate], connection: 7)
        gate.connectionClosed(7)
        let (_, freed) = check(gate, [NTLMMessages.authenticate(user: "mallory")], connection: 7)
        #expect(freed.decision == .refused)
        #expect(
            freed.reason
                == "NTLM type 3 on a connection that never received a type 2 (the client switched connections)")

        // Connection 8 still has its type 2.
        let (_, other) = check(gate, [NTLMMessages.authenticate(user: "mallory")], connection: 8)
        #expect(other.reason == "unknown user mallory")
    }
}
