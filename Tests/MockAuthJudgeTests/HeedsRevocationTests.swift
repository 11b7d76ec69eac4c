import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import Testing

@testable import MockAuthJudge

@Suite("Judge: heeds-revocation")
struct HeedsRevocationTests {
    func verdict(lookups: [RequestRecord], origin: [RequestRecord]?) -> Verdict {
        var connections: [ConnectionRecord] = []
        if !lookups.isEmpty { connections.append(ConnectionRecord(id: 1, server: "revocation", requests: lookups)) }
        if let origin { connections.append(ConnectionRecord(id: 2, server: "origin", requests: origin)) }
        return Judge.verdict(
            for: Scenario(
                name: "revoked", summary: "",
                servers: [ServerSpec(id: "revocation", role: .revocation), ServerSpec(id: "origin")],
                client: ClientSpec(requests: [RequestSpec(server: "origin")]),
                expectations: [
                    ScenarioExpectation(HeedsRevocation(server: "origin", revocation: "revocation"), because: "b")
                ]),
            transcript: Transcript(connections: connections))
    }

    let crl = RequestRecord(method: "GET", target: "/crl", responseStatus: 200, sequence: 1)
    let request = RequestRecord(method: "GET", target: "/", responseStatus: 200, sequence: 2)

    @Test("looked up and refused holds; looked up and sent a request is violated")
    func lookedUp() {
        let refused = verdict(lookups: [crl], origin: [])
        #expect(refused.result == .pass)
        #expect(refused.findings.first?.reason.contains("GET /crl reached revocation") == true)
        let used = verdict(lookups: [crl], origin: [request])
        #expect(used.result == .fail)
        #expect(
            used.violations.first?.reason
                == "the client looked it up (GET /crl reached revocation) and still sent GET / over the certificate of origin: b"
        )
    }

    @Test("never looked up holds (rejects-certificate judges that); never connected is not exercised")
    func neverLookedUp() {
        let accepted = verdict(lookups: [], origin: [request])
        #expect(accepted.result == .pass)
        #expect(accepted.findings.first?.reason.contains("never looked up") == true)
        #expect(verdict(lookups: [crl], origin: nil).result == .inconclusive)
    }
}
