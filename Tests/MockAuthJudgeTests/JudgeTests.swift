import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

@Suite("Judge")
struct JudgeTests {
    static let expiredEndpoint = EndpointRecord(
        server: "origin", url: "https://127.0.0.1:4433", tlsProfile: .expired,
        certificateDefect: "a certificate that expired 2 days ago")

    func scenario(_ expectations: [ScenarioExpectation]) -> Scenario {
        Scenario(
            name: "example", summary: "", servers: [ServerSpec(id: "origin", tls: TLSSpec(profile: .expired))],
            client: ClientSpec(requests: [RequestSpec(server: "origin")]), expectations: expectations)
    }

    func connection(_ id: UInt64 = 1, tls: TLSHandshakeRecord, requests: [RequestRecord] = []) -> ConnectionRecord {
        ConnectionRecord(id: id, server: "origin", tls: tls, requests: requests, closed: true)
    }

    let rejects = ScenarioExpectation(
        RejectsCertificate(server: "origin"), because: "it accepted an expired certificate")

    @Test("a request over a rejected certificate fails with the defect and the reason in words")
    func acceptedBadCertificate() {
        let transcript = Transcript(
            endpoints: [Self.expiredEndpoint],
            connections: [
                connection(
                    tls: TLSHandshakeRecord(state: .completed),
                    requests: [RequestRecord(method: "GET", target: "/", responseStatus: 200)])
            ])
        let verdict = Judge.verdict(for: scenario([rejects]), transcript: transcript)
        #expect(verdict.result == .fail)
        #expect(
            verdict.violations.map(\.reason) == [
                "the client sent GET / over a certificate that expired 2 days ago: it accepted an expired certificate"
            ])
    }

    @Test("an aborted handshake passes and the verdict names the alert")
    func refused() {
        let transcript = Transcript(
            endpoints: [Self.expiredEndpoint],
            connections: [connection(tls: TLSHandshakeRecord(state: .failed, alert: "certificate_expired"))])
        let verdict = Judge.verdict(for: scenario([rejects]), transcript: transcript)
        #expect(verdict.result == .pass)
        #expect(verdict.met.first?.reason.contains("aborted the handshake with alert certificate_expired") == true)
    }

    @Test("a client that completes the handshake and closes without a request passes (post-handshake checks)")
    func closedAfterHandshake() {
        let transcript = Transcript(
            endpoints: [Self.expiredEndpoint], connections: [connection(tls: TLSHandshakeRecord(state: .completed))])
        #expect(Judge.verdict(for: scenario([rejects]), transcript: transcript).result == .pass)
    }

    @Test("a client that never connected is inconclusive, not credited")
    func neverConnected() {
        let verdict = Judge.verdict(for: scenario([rejects]), transcript: Transcript(endpoints: [Self.expiredEndpoint]))
        #expect(verdict.result == .inconclusive)
        #expect(verdict.inconclusiveReasons.first?.reason.contains("never connected") == true)
    }

    @Test("a request refused for its size is reported with the limit, not as missing credentials")
    func refusedForSize() {
        let refusal = RequestRefusal(limit: .headerCount, actual: 8_000, allowed: 100)
        let request = RequestRecord(
            method: "GET", target: "/", headers: [HeaderField(name: "Authorization", value: "Basic YTpi")],
            responseStatus: 431, refusal: refusal)
        let transcript = Transcript(connections: [
            connection(tls: TLSHandshakeRecord(state: .completed), requests: [request])
        ])
        let verdict = Judge.verdict(
            for: scenario([
                ScenarioExpectation(RequestSucceeds(server: "origin", path: nil)),
                ScenarioExpectation(Authenticates(server: "origin", path: nil), because: "wrong password"),
            ]),
            transcript: transcript)
        #expect(
            verdict.violations.map(\.reason) == [
                "GET / reached origin but was answered 431 (the request carried 8000 header fields (the server accepts at most 100))",
                "origin refused GET / before its authentication: the request carried 8000 header fields (the server accepts at most 100)",
            ])
    }

    @Test("bytes that are not HTTP are named with what the parser said")
    func protocolError() {
        var refused = connection(tls: TLSHandshakeRecord(state: .completed))
        refused.protocolError = "HTTP parser: invalidMethod"
        let verdict = Judge.verdict(
            for: scenario([ScenarioExpectation(RequestSucceeds(server: "origin", path: nil))]),
            transcript: Transcript(connections: [refused]))
        #expect(
            verdict.violations.first?.reason
                == "a request never reached origin: the client completed the handshake, then sent what is not an HTTP/1.1 request (HTTP parser: invalidMethod)"
        )
    }

    @Test("a plain-HTTP connection that carried no request says so, not merely that it was plain HTTP")
    func plainConnectionWithoutRequest() {
        let verdict = Judge.verdict(
            for: Scenario(
                name: "plain", summary: "", servers: [ServerSpec(id: "origin")],
                client: ClientSpec(requests: [RequestSpec(server: "origin")]),
                expectations: [ScenarioExpectation(RequestSucceeds(server: "origin", path: nil))]),
            transcript: Transcript(connections: [ConnectionRecord(id: 1, server: "origin", closed: true)]))
        #expect(
            verdict.violations.first?.reason
                == "a request never reached origin: the client connected in plain HTTP and closed the connection without a request"
        )
    }

    @Test("session-resumption: the server's record of each handshake decides, expected or forbidden")
    func sessionResumption() {
        func run(_ resumed: [Bool?]) -> Transcript {
            Transcript(
                endpoints: [Self.expiredEndpoint],
                connections: resumed.enumerated().map { index, flag in
                    connection(UInt64(index + 1), tls: TLSHandshakeRecord(state: .completed, resumed: flag))
                })
        }
        func verdict(_ expected: Bool, _ transcript: Transcript) -> Verdict {
            Judge.verdict(
                for: scenario([
                    ScenarioExpectation(SessionResumption(server: "origin", resumed: expected), because: "it forgot")
                ]),
                transcript: transcript)
        }
        #expect(verdict(true, run([false, true])).result == .pass)
        let full = verdict(true, run([false, false]))
        #expect(full.result == .fail)
        #expect(
            full.violations.map(\.reason) == [
                "0 of 2 TLS connections to origin (https://127.0.0.1:4433) resumed a session: every handshake was a full one: it forgot"
            ])
        #expect(verdict(false, run([false, false])).result == .pass)
        #expect(verdict(false, run([false, true])).result == .fail)
        #expect(
            verdict(true, Transcript(endpoints: [Self.expiredEndpoint])).violations.first?.reason.contains(
                "never made a TLS connection") == true)
    }

    @Test("request-succeeds needs a 2xx answer")
    func requestSucceeds() {
        let expectation = ScenarioExpectation(RequestSucceeds(server: "origin", path: "/a"))
        let answered = { (status: Int) in
            Transcript(
                connections: [
                    self.connection(
                        tls: TLSHandshakeRecord(state: .completed),
                        requests: [RequestRecord(method: "GET", target: "/a?x=1", responseStatus: status)])
                ])
        }
        #expect(Judge.verdict(for: scenario([expectation]), transcript: answered(204)).result == .pass)
        let notFound = Judge.verdict(for: scenario([expectation]), transcript: answered(404))
        #expect(notFound.result == .fail)
        #expect(notFound.violations.first?.reason == "GET /a?x=1 reached origin but was answered 404")
        let refused = Judge.verdict(
            for: scenario([
                ScenarioExpectation(RequestSucceeds(server: "origin", path: nil), because: "it does not trust the CA")
            ]),
            transcript: Transcript(connections: [
                connection(tls: TLSHandshakeRecord(state: .failed, alert: "unknown_ca"))
            ]))
        #expect(
            refused.violations.first?.reason
                == "a request never reached origin: the client aborted the handshake with alert unknown_ca: it does not trust the CA"
        )
    }

    @Test("presents-client-certificate passes only over a handshake with a verified client certificate")
    func clientCertificate() {
        let expectation = ScenarioExpectation(PresentsClientCertificate(server: "origin"))
        let request = RequestRecord(method: "GET", target: "/", responseStatus: 200)
        let certificate = ClientCertificateRecord(
            subject: "CN=MockAuth Client", issuer: "CN=MockAuth Client CA", sha256Fingerprint: "00", verified: true)
        let presented = Transcript(
            connections: [
                connection(
                    tls: TLSHandshakeRecord(state: .completed, clientCertificate: certificate), requests: [request])
            ])
        #expect(Judge.verdict(for: scenario([expectation]), transcript: presented).result == .pass)
        let none = Transcript(
            connections: [
                connection(tls: TLSHandshakeRecord(state: .failed, error: "PEER_DID_NOT_RETURN_A_CERTIFICATE"))
            ])
        let verdict = Judge.verdict(for: scenario([expectation]), transcript: none)
        #expect(verdict.result == .fail)
        #expect(verdict.violations.first?.reason.contains("presented no client certificate") == true)
    }

    @Test(
        "withholds-client-certificate: held without a certificate, violated by a refused or accepted one, inconclusive unconnected"
    )
    func withholdsClientCertificate() {
        let expectation = ScenarioExpectation(WithholdsClientCertificate(server: "origin"))
        let request = CertificateRequestRecord(required: false, authorities: ["CN=MockAuth Client CA 2"])
        let served = Transcript(connections: [
            connection(
                tls: TLSHandshakeRecord(state: .completed, certificateRequest: request),
                requests: [RequestRecord(method: "GET", target: "/", responseStatus: 200)])
        ])
        #expect(Judge.verdict(for: scenario([expectation]), transcript: served).result == .pass)
        let certificate = ClientCertificateRecord(
            subject: "CN=MockAuth Client", issuer: "CN=MockAuth Client CA", sha256Fingerprint: "00", verified: false)
        let refused = Transcript(connections: [
            connection(
                tls: TLSHandshakeRecord(
                    state: .failed, error: "CERTIFICATE_VERIFY_FAILED", clientCertificate: certificate,
                    certificateRequest: request, clientCertificateRefusal: .untrusted))
        ])
        let verdict = Judge.verdict(for: scenario([expectation]), transcript: refused)
        #expect(verdict.result == .fail)
        #expect(
            verdict.violations.first?.reason
                == "the client presented CN=MockAuth Client (issued by CN=MockAuth Client CA) to origin, which refused it, though it asked, optionally, for a certificate from CN=MockAuth Client CA 2 only"
        )
        #expect(
            Judge.verdict(for: scenario([expectation]), transcript: Transcript(connections: [])).result
                == .inconclusive)
    }

    @Test("max-attempts counts each handshake that refused the client's certificate as an attempt")
    func refusedCertificatesAreAttempts() {
        let expectation = ScenarioExpectation(MaxAttempts(server: "origin", attempts: 3))
        func refusals(_ count: Int) -> Transcript {
            var record = connection(
                tls: TLSHandshakeRecord(
                    state: .failed, error: "CERTIFICATE_VERIFY_FAILED", clientCertificateRefusal: .untrusted))
            record.repeats = count - 1
            return Transcript(connections: [record])
        }
        #expect(Judge.verdict(for: scenario([expectation]), transcript: refusals(1)).result == .pass)
        #expect(Judge.verdict(for: scenario([expectation]), transcript: refusals(3)).result == .pass)
        let verdict = Judge.verdict(for: scenario([expectation]), transcript: refusals(6))
        #expect(verdict.result == .fail)
        #expect(
            verdict.violations.first?.reason.hasPrefix(
                "the client went back after the server refused its client certificate 6 times (at most 3 allowed")
                == true,
            "\(verdict.violations)")
        let neverRefused = Transcript(connections: [connection(tls: TLSHandshakeRecord(state: .abandoned))])
        #expect(Judge.verdict(for: scenario([expectation]), transcript: neverRefused).result == .inconclusive)
    }

    @Test("a violated 'should' is reported as a warning and does not fail")
    func should() {
        let expectation = ScenarioExpectation(RequestSucceeds(server: "origin", path: nil), level: .should)
        let verdict = Judge.verdict(
            for: scenario([expectation]),
            transcript: Transcript(connections: [connection(tls: TLSHandshakeRecord(state: .abandoned))]))
        #expect(verdict.result == .pass)
        #expect(verdict.warnings.count == 1)
        #expect(verdict.report.contains("(should)"))
    }

    @Test("every violated expectation is listed, and a hung client is a violation")
    func allViolations() {
        let transcript = Transcript(
            endpoints: [Self.expiredEndpoint],
            connections: [
                connection(
                    tls: TLSHandshakeRecord(state: .completed),
                    requests: [RequestRecord(method: "GET", target: "/", responseStatus: 500)])
            ])
        let verdict = Judge.verdict(
            for: scenario([rejects, ScenarioExpectation(RequestSucceeds(server: "origin", path: nil))]),
            transcript: transcript,
            client: ClientExit(status: nil, timedOut: true, timeoutSeconds: 5))
        #expect(
            verdict.violations.map(\.rule) == [
                .scenario(RejectsCertificate.name), .scenario(RequestSucceeds.name), .clientFinishes,
            ])
        #expect(verdict.report.hasPrefix("example: FAIL\n  ✗ rejects-certificate: the client sent GET /"))
    }
}

@Suite("Judge: auth rules")
struct AuthRuleTests {
    func scenario(_ rule: any ScenarioRule) -> Scenario {
        Scenario(
            name: "auth", summary: "", servers: [ServerSpec(id: "origin")],
            client: ClientSpec(requests: [RequestSpec(server: "origin")]), expectations: [ScenarioExpectation(rule)])
    }

    func request(_ sequence: UInt64, _ outcome: AuthRecord.Decision, scheme: String? = "Basic", status: Int)
        -> RequestRecord
    {
        RequestRecord(
            method: "GET", target: "/", responseStatus: status, sequence: sequence,
            auth: AuthRecord(
                decision: outcome, header: "Authorization", realm: "r", offered: [.digest, .basic],
                scheme: outcome == .challenged ? nil : scheme, reason: outcome == .refused ? "wrong password" : ""))
    }

    @Test("preemptive credentials are caught across connections, by arrival order")
    func preemptive() {
        let early = Transcript(connections: [
            ConnectionRecord(id: 2, server: "origin", requests: [request(1, .authenticated, status: 200)]),
            ConnectionRecord(id: 1, server: "origin", requests: [request(2, .challenged, status: 401)]),
        ])
        #expect(
            Judge.verdict(for: scenario(NoPreemptiveCredentials(server: "origin")), transcript: early).result
                == .fail)
        let waited = Transcript(connections: [
            ConnectionRecord(
                id: 1, server: "origin",
                requests: [request(1, .challenged, status: 401), request(2, .authenticated, status: 200)])
        ])
        #expect(
            Judge.verdict(for: scenario(NoPreemptiveCredentials(server: "origin")), transcript: waited).result
                == .pass)
    }

    @Test("max-attempts counts refusals, and is inconclusive for a client that never tried")
    func attempts() {
        let refusals = (1...4).map { request(UInt64($0), .refused, status: 401) }
        let transcript = Transcript(connections: [ConnectionRecord(id: 1, server: "origin", requests: refusals)])
        let rule = MaxAttempts(server: "origin", attempts: 3)
        #expect(
            Judge.verdict(for: scenario(rule), transcript: transcript).violations.first?.reason.contains("4 times")
                == true)
        let silent = Transcript(connections: [
            ConnectionRecord(id: 1, server: "origin", requests: [request(1, .challenged, status: 401)])
        ])
        #expect(Judge.verdict(for: scenario(rule), transcript: silent).result == .inconclusive)
    }

    @Test("uses-scheme names the scheme used and those offered")
    func scheme() {
        let transcript = Transcript(connections: [
            ConnectionRecord(id: 1, server: "origin", requests: [request(1, .authenticated, status: 200)])
        ])
        let verdict = Judge.verdict(
            for: scenario(UsesScheme(server: "origin", schemes: [.digest])), transcript: transcript)
        #expect(verdict.violations.first?.reason == "GET / answered with Basic although origin offered Digest, Basic")
    }
}
