import MockAuthScenario
import MockAuthSchemes
import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import Testing

@testable import MockAuthServer

@Suite("An origin holds its challenges while its client sends at once (ChallengeGathering), on EmbeddedChannel")
struct ChallengeGatheringTests {
    /// The origin of `bearer-refresh-concurrent`: a Bearer space on a ledger whose first token
    /// has expired already, so that every request with it is challenged.
    struct Origin {
        let transcript = TranscriptRecorder()
        let gathering: ChallengeGathering
        let ledger: TokenLedger
        let behavior: ServerBehavior

        init(count: Int = 2) {
            gathering = ChallengeGathering(count: count)
            ledger = TokenLedger(
                configuration: TokenEndpointConfiguration(
                    clientID: "app", clientSecret: "s3cret", accessToken: "expired-access", refreshToken: "the-refresh",
                    accessTokenExpired: true),
                random: .seeded(3))
            var auth = AuthSpec(schemes: [.bearer], account: Account(username: "", password: ""))
            auth.tokenEndpoint = "tokens"
            behavior = ServerBehavior(
                spec: ServerSpec(id: "origin", auth: auth), endpoints: EndpointDirectory(), ledger: ledger,
                gathering: gathering)
        }

        /// A new connection to the origin, recorded in the run's transcript.
        func connect() throws -> ServedConnection {
            try ServedConnection(behavior: behavior, transcript: transcript)
        }

        /// `sends-concurrently` with `requests: 2` on what the origin recorded.
        var overlap: ExpectationResult {
            SendsConcurrently(server: "origin", requests: 2).evaluate(
                transcript.snapshot(), context: RuleContext(because: nil, client: ClientSpec(requests: [])))
        }
    }

    static func get(_ path: String, token: String = "expired-access") -> String {
        "GET \(path) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n"
    }

    @Test("a challenge waits for the client's other requests, then they all go out, seen in flight together")
    func gathered() throws {
        let origin = Origin()
        let (first, second) = (try origin.connect(), try origin.connect())
        try first.channel.writeInbound(text: Self.get("/one"))
        #expect(try first.channel.readOutboundText().isEmpty, "the challenge is held")
        #expect(origin.gathering.waitingCount == 1)
        #expect(first.recorder.isMidExchange)

        try second.channel.writeInbound(text: Self.get("/two"))
        first.channel.embeddedEventLoop.run()
        second.channel.embeddedEventLoop.run()
        for connection in [first, second] {
            let response = try WireResponse.parse(connection.channel.readOutboundText())
            #expect(response.status == 401)
            #expect(response.values(of: "WWW-Authenticate").first?.contains("error=\"invalid_token\"") == true)
        }
        #expect(origin.gathering.waitingCount == 0)

        let one = try #require(first.requests.first)
        let two = try #require(second.requests.first)
        let (oneAnswer, twoAnswer) = (try #require(one.answerSequence), try #require(two.answerSequence))
        // Each arrived before the other was answered.
        #expect(one.sequence < two.sequence && two.sequence < oneAnswer && two.sequence < twoAnswer)
        #expect(one.responseStatus == 401 && two.responseStatus == 401)
        #expect(one.auth?.reason == "invalid_token: access token #1 had expired when the client was given it")
        #expect(origin.overlap.outcome == .met, "\(origin.overlap.reason)")
    }

    @Test(
        "a lone challenge goes out once the wait has passed, on the event loop's clock; one after another never overlap"
    )
    func waitPasses() throws {
        let origin = Origin()
        let connection = try origin.connect()
        for path in ["/one", "/two"] {
            try connection.channel.writeInbound(text: Self.get(path))
            connection.channel.embeddedEventLoop.advanceTime(by: ChallengeGathering.defaultWait - .milliseconds(1))
            #expect(try connection.channel.readOutboundText().isEmpty, "still held")
            connection.channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
            #expect(try WireResponse.parse(connection.channel.readOutboundText()).status == 401)
        }
        #expect(connection.requests.count == 2)
        #expect(connection.requests.allSatisfy { $0.answerSequence != nil })
        let overlap = origin.overlap
        #expect(overlap.outcome == .violated)
        #expect(overlap.reason.contains("never had two requests in flight at once"), "\(overlap.reason)")
    }

    @Test("an answer that is no challenge goes out at once and is recorded as before")
    func passesAtOnce() throws {
        let origin = Origin()
        guard case .issued(let token, _) = origin.ledger.refresh(with: "the-refresh") else {
            Issue.record("the ledger issued no token")
            return
        }
        let connection = try origin.connect()
        #expect(try connection.respond(to: Self.get("/one", token: token)).status == 200)
        #expect(connection.requests.first?.answerSequence == nil)
        #expect(origin.gathering.waitingCount == 0)
    }

    @Test(
        "a connection that closes while its challenge waits: its request is recorded unanswered, the challenge forgotten"
    )
    func closedWhileHeld() throws {
        let origin = Origin()
        let (first, second) = (try origin.connect(), try origin.connect())
        try first.channel.writeInbound(text: Self.get("/one"))
        first.channel.pipeline.close(promise: nil)
        first.channel.embeddedEventLoop.run()
        #expect(origin.gathering.waitingCount == 0)
        let unanswered = try #require(first.requests.first)
        #expect(unanswered.responseStatus == nil && unanswered.answerSequence == nil)

        // The next challenge waits alone: the closed connection's does not count.
        try second.channel.writeInbound(text: Self.get("/two"))
        #expect(try second.channel.readOutboundText().isEmpty)
        #expect(origin.gathering.waitingCount == 1)
        second.channel.embeddedEventLoop.advanceTime(by: ChallengeGathering.defaultWait)
        #expect(try WireResponse.parse(second.channel.readOutboundText()).status == 401)
    }

    @Test("as many challenges as the client's requests release them all; fewer wait")
    func countReleases() throws {
        let origin = Origin(count: 3)
        let connections = try (0..<3).map { _ in try origin.connect() }
        for (index, connection) in connections.prefix(2).enumerated() {
            try connection.channel.writeInbound(text: Self.get("/\(index)"))
        }
        #expect(origin.gathering.waitingCount == 2)
        try connections[2].channel.writeInbound(text: Self.get("/2"))
        for connection in connections {
            connection.channel.embeddedEventLoop.run()
            #expect(try WireResponse.parse(connection.channel.readOutboundText()).status == 401)
        }
        let (most, _) = SendsConcurrently.mostInFlight(connections.compactMap(\.requests.first))
        #expect(most == 3)
    }
}
