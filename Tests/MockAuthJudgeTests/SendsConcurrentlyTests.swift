import Foundation
import MockAuthScenario
import MockAuthTranscript
import MockAuthVerdict
import MockAuthVocabulary
import Testing

@testable import MockAuthJudge

@Suite("Judge: sends-concurrently and bearer-refresh-concurrent, read from when each request arrived and was answered")
struct SendsConcurrentlyTests {
    /// The catalog's bearer-refresh-concurrent, as the judge reads it.
    static func scenario() throws -> Scenario {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios/bearer-refresh-concurrent.yaml")
        return try Scenario(
            yaml: try String(contentsOf: file, encoding: .utf8), name: "bearer-refresh-concurrent", file: file.path)
    }

    static let paths = ["/one", "/two", "/three", "/four"]

    /// A request to the origin with an access token: refused as expired, or accepted.
    static func resource(_ path: String, accepted: Bool, arrived: UInt64, answered: UInt64? = nil) -> RequestRecord {
        RequestRecord(
            method: "GET", target: path,
            headers: [HeaderField(name: "Authorization", value: accepted ? "Bearer new" : "Bearer mF_9.B5f-4.1JqM")],
            responseStatus: accepted ? 200 : 401, sequence: arrived,
            auth: AuthRecord(
                decision: accepted ? .authenticated : .refused, header: "Authorization", realm: "mockauth",
                offered: [.bearer], scheme: "Bearer",
                reason: accepted
                    ? "" : "invalid_token: access token #1 had expired when the client was given it"),
            answerSequence: answered)
    }

    /// A refresh at the token endpoint.
    static func refresh(_ sequence: UInt64, generation: Int) -> RequestRecord {
        RequestRecord(
            method: "POST", target: "/token", responseStatus: 200, sequence: sequence,
            auth: AuthRecord(
                decision: .authenticated, header: "Authorization", realm: "token endpoint", offered: [.basic],
                scheme: "Basic", username: "mockauth-app",
                reason: "refresh_token grant: issued access token #\(generation)"))
    }

    /// The four expired requests arrived at 1…4 and were answered together at 5…8, each on a
    /// connection of its own; then `refreshes` refreshes and the four retries.
    static func concurrentRun(refreshes: Int) -> Transcript {
        var connections = paths.enumerated().map { index, path in
            ConnectionRecord(
                id: UInt64(index + 1), server: "origin",
                requests: [
                    resource(path, accepted: false, arrived: UInt64(index + 1), answered: UInt64(index + 5)),
                    resource(path, accepted: true, arrived: UInt64(20 + index)),
                ])
        }
        connections.append(
            ConnectionRecord(
                id: 10, server: "tokens",
                requests: (0..<refreshes).map { refresh(UInt64(10 + $0), generation: $0 + 2) }))
        return Transcript(connections: connections)
    }

    @Test("the transcript's spans: overlapping ones are counted, points and one after another are not")
    func mostInFlight() {
        let sequential = [
            Self.resource("/one", accepted: false, arrived: 1, answered: 2),
            Self.resource("/two", accepted: false, arrived: 3, answered: 4),
            Self.resource("/three", accepted: true, arrived: 5),
        ]
        #expect(SendsConcurrently.mostInFlight(sequential).count == 1)
        let nested = [
            Self.resource("/one", accepted: false, arrived: 1, answered: 9),
            Self.resource("/two", accepted: true, arrived: 4),
            Self.resource("/three", accepted: false, arrived: 5, answered: 6),
            Self.resource("/four", accepted: false, arrived: 7, answered: 8),
        ]
        let (most, together) = SendsConcurrently.mostInFlight(nested)
        #expect(most == 2)
        #expect(together.map(\.path) == ["/one", "/two"])
    }

    @Test("one refresh for four expired requests sent at once: PASS")
    func correct() throws {
        let verdict = Judge.verdict(for: try Self.scenario(), transcript: Self.concurrentRun(refreshes: 1))
        #expect(verdict.result == .pass, "\(verdict.report)")
        #expect(verdict.report.contains("origin had 4 requests in flight at once"), "\(verdict.report)")
    }

    @Test("a refresh per expired request: FAIL, saying how many times it asked the token endpoint")
    func refreshPerRequest() throws {
        let verdict = Judge.verdict(for: try Self.scenario(), transcript: Self.concurrentRun(refreshes: 4))
        #expect(verdict.result == .fail)
        let reason = try #require(verdict.violations.first { $0.rule == .scenario(MaxRequests.name) }?.reason)
        #expect(reason.contains("tokens received 4 requests (at most 1 allowed"), "\(reason)")
        #expect(reason.contains("not once for them all"))
    }

    @Test("requests sent one after another, refreshing once: INCONCLUSIVE, never PASS")
    func sequential() throws {
        var requests = [Self.resource("/one", accepted: false, arrived: 1, answered: 2)]
        requests += Self.paths.enumerated().map { Self.resource($1, accepted: true, arrived: UInt64(4 + $0)) }
        let transcript = Transcript(connections: [
            ConnectionRecord(id: 1, server: "origin", requests: requests),
            ConnectionRecord(id: 2, server: "tokens", requests: [Self.refresh(3, generation: 2)]),
        ])
        let verdict = Judge.verdict(for: try Self.scenario(), transcript: transcript)
        #expect(verdict.result == .inconclusive, "\(verdict.report)")
        let finding = try #require(verdict.findings.first { $0.rule == .scenario(SendsConcurrently.name) })
        #expect(finding.precondition)
        #expect(
            finding.reason
                == "origin never had two requests in flight at once: the client sent each of its 5 requests after the answer to the one before, so whether it refreshes once for requests whose token expired together is not known"
        )
    }

    @Test("a client that sent nothing is not exercised")
    func nothing() throws {
        let result = SendsConcurrently(server: "origin", requests: 2).evaluate(
            Transcript(), context: RuleContext(because: nil, client: ClientSpec(requests: [])))
        #expect(result.outcome == .notExercised)
    }
}
