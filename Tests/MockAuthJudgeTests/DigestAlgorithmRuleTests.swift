import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

@Suite("uses-digest-algorithm: the algorithm of every Digest answer")
struct DigestAlgorithmRuleTests {
    func verdict(_ algorithms: [String?], level: ExpectationLevel = .must) -> Verdict {
        let requests = algorithms.enumerated().map { index, algorithm in
            RequestRecord(
                method: "GET", target: "/", responseStatus: algorithm == nil ? 401 : 200, sequence: UInt64(index + 1),
                auth: AuthRecord(
                    decision: algorithm == nil ? .challenged : .authenticated, header: "Authorization",
                    realm: "mockauth", offered: [.digest], scheme: algorithm == nil ? nil : "Digest",
                    username: algorithm == nil ? nil : "alice", algorithm: algorithm))
        }
        let scenario = Scenario(
            name: "digest", summary: "", servers: [ServerSpec(id: "origin")],
            client: ClientSpec(requests: [RequestSpec(server: "origin")]),
            expectations: [
                ScenarioExpectation(
                    UsesDigestAlgorithm(server: "origin", algorithms: ["SHA-256"]), level: level,
                    because: "SHA-256 was offered first")
            ])
        return Judge.verdict(
            for: scenario,
            transcript: Transcript(connections: [ConnectionRecord(id: 1, server: "origin", requests: requests)]))
    }

    @Test("an answer in SHA-256 meets it, whatever the case the client spelt it in")
    func met() {
        let result = verdict([nil, "sha-256"])
        #expect(result.result == .pass)
        #expect(result.met.map(\.reason) == ["every Digest answer used sha-256"])
    }

    @Test("an answer in MD5 violates it, naming the request and the algorithm; as a should, the scenario still passes")
    func violated() {
        let must = verdict([nil, "MD5"])
        #expect(must.result == .fail)
        #expect(
            must.violations.first?.reason
                == "GET / answered Digest with algorithm MD5 where SHA-256 was offered: SHA-256 was offered first")
        let should = verdict([nil, "MD5"], level: .should)
        #expect(should.result == .pass)
        #expect(should.warnings.count == 1)
    }

    @Test("a client that never answered a Digest challenge has not exercised it")
    func notExercised() {
        let result = verdict([nil])
        #expect(result.inconclusiveReasons.first?.reason == "the client never answered origin's Digest challenges")
    }
}
