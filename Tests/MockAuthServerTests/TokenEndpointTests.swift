import Foundation
import MockAuthScenario
import MockAuthSchemes
import MockAuthTranscript
import MockAuthVocabulary
import Synchronization
import Testing

@testable import MockAuthServer

@Suite("The token endpoint and its resource server, sharing one ledger, on EmbeddedChannel")
struct TokenEndpointTests {
    static let configuration = TokenEndpointConfiguration(
        clientID: "app", clientSecret: "s3cret", accessToken: "first-access", refreshToken: "the-refresh",
        usesPerToken: 1)
    static let tokens = ServerSpec(id: "tokens", role: .tokenEndpoint(configuration))
    static let origin = ServerSpec(
        id: "origin",
        auth: AuthSpec(schemes: [.bearer], account: Account(username: "", password: "")).withTokenEndpoint("tokens"))

    /// The two servers' connections, over one ledger, as `ScenarioServer` makes them, the ledger on
    /// `clock`.
    static func connections(
        _ configuration: TokenEndpointConfiguration = configuration, clock: TestClock = TestClock()
    ) throws -> (tokens: ServedConnection, origin: ServedConnection) {
        let ledger = TokenLedger(configuration: configuration, random: .seeded(7), clock: { clock.now })
        var tokens = Self.tokens
        tokens.role = .tokenEndpoint(configuration)
        return (
            try ServedConnection(
                behavior: ServerBehavior(spec: tokens, endpoints: EndpointDirectory(), ledger: ledger)),
            try ServedConnection(behavior: ServerBehavior(spec: origin, endpoints: EndpointDirectory(), ledger: ledger))
        )
    }

    static func get(_ token: String) -> String {
        "GET /r HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n"
    }

    static func post(_ body: String, authorization: String? = Fixtures.basic("app", "s3cret")) -> String {
        let field = authorization.map { "Authorization: \($0)\r\n" } ?? ""
        return "POST /token HTTP/1.1\r\nHost: x\r\n\(field)Content-Type: application/x-www-form-urlencoded\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test("the first token serves one request, then expires; a refresh issues a token the origin accepts")
    func refreshThenRetry() throws {
        let (tokens, origin) = try Self.connections()
        #expect(try origin.respond(to: Self.get("first-access")).status == 200)
        let expired = try origin.respond(to: Self.get("first-access"))
        #expect(expired.status == 401)
        #expect(expired.values(of: "WWW-Authenticate").first?.contains("error=\"invalid_token\"") == true)

        let refreshed = try tokens.respond(to: Self.post("grant_type=refresh_token&refresh_token=the-refresh"))
        #expect(refreshed.status == 200)
        #expect(refreshed.values(of: "Cache-Control") == ["no-store"])
        #expect(refreshed.values(of: "Content-Type") == ["application/json;charset=UTF-8"])
        let prefix = "{\"access_token\":\""
        #expect(refreshed.body.hasPrefix(prefix))
        let newToken = String(refreshed.body.dropFirst(prefix.count).prefix { $0 != "\"" })
        #expect(!newToken.isEmpty && newToken != "first-access")
        // A life counted in uses has no lifetime in seconds to tell.
        #expect(!refreshed.body.contains("expires_in"))
        #expect(try origin.respond(to: Self.get(newToken)).status == 200)
        #expect(try origin.respond(to: Self.get(newToken)).status == 401)

        let record = try #require(tokens.requests.first?.auth)
        #expect(record.decision == .authenticated)
        #expect(record.reason == "refresh_token grant: issued access token #2")
        #expect(record.username == "app")
        // What was recorded names generations, never a token.
        let reasons = (tokens.requests + origin.requests).compactMap(\.auth?.reason).joined(separator: " ")
        #expect(!reasons.contains(newToken) && !reasons.contains("the-refresh") && !reasons.contains("s3cret"))
        #expect(
            origin.requests.compactMap(\.auth?.reason).contains("invalid_token: access token #1 expired after 1 use"))
    }

    @Test("lifetime-seconds: a token expires on the ledger's clock, and expires_in tells its lifetime")
    func lifetime() throws {
        var configuration = Self.configuration
        configuration.usesPerToken = nil
        configuration.lifetimeSeconds = 30
        let clock = TestClock()
        let (tokens, origin) = try Self.connections(configuration, clock: clock)
        #expect(try origin.respond(to: Self.get("first-access")).status == 200)
        clock.advance(by: 29.9)
        #expect(try origin.respond(to: Self.get("first-access")).status == 200)
        clock.advance(by: 0.1)
        let expired = try origin.respond(to: Self.get("first-access"))
        #expect(expired.status == 401)
        #expect(expired.values(of: "WWW-Authenticate").first?.contains("error=\"invalid_token\"") == true)
        #expect(
            origin.requests.last?.auth?.reason == "invalid_token: access token #1 expired: its 30 s lifetime passed")

        let refreshed = try tokens.respond(to: Self.post("grant_type=refresh_token&refresh_token=the-refresh"))
        #expect(refreshed.status == 200)
        #expect(refreshed.body.hasSuffix(",\"expires_in\":30}"), "\(refreshed.body)")
        let newToken = String(refreshed.body.dropFirst("{\"access_token\":\"".count).prefix { $0 != "\"" })
        // Its life starts when it is issued, not with the run.
        clock.advance(by: 29)
        #expect(try origin.respond(to: Self.get(newToken)).status == 200)
        clock.advance(by: 1)
        #expect(try origin.respond(to: Self.get(newToken)).status == 401)
        #expect(
            origin.requests.last?.auth?.reason == "invalid_token: access token #2 expired: its 30 s lifetime passed")
    }

    @Test("access-token-expired: the first use of the given token is refused; a refreshed token is not")
    func givenExpired() throws {
        var configuration = Self.configuration
        configuration.usesPerToken = nil
        configuration.accessTokenExpired = true
        let (tokens, origin) = try Self.connections(configuration)
        #expect(try origin.respond(to: Self.get("first-access")).status == 401)
        #expect(
            origin.requests.last?.auth?.reason
                == "invalid_token: access token #1 had expired when the client was given it")
        let refreshed = try tokens.respond(to: Self.post("grant_type=refresh_token&refresh_token=the-refresh"))
        let newToken = String(refreshed.body.dropFirst("{\"access_token\":\"".count).prefix { $0 != "\"" })
        for _ in 0..<3 { #expect(try origin.respond(to: Self.get(newToken)).status == 200) }
        #expect(try origin.respond(to: Self.get("first-access")).status == 401)
    }

    @Test("RFC 6749 section 5.2 errors: invalid_client 401, invalid_grant, unsupported_grant_type, invalid_request")
    func errors() throws {
        var refusing = Self.configuration
        refusing.refresh = .refuses
        let cases: [(request: String, status: Int, error: String)] = [
            (Self.post("grant_type=refresh_token&refresh_token=the-refresh"), 400, "invalid_grant"),
            (
                Self.post("grant_type=refresh_token&refresh_token=x", authorization: Fixtures.basic("app", "no")), 401,
                "invalid_client"
            ),
            (Self.post("grant_type=refresh_token&refresh_token=x", authorization: nil), 401, "invalid_client"),
            (Self.post("grant_type=password&username=a"), 400, "unsupported_grant_type"),
            (Self.post("grant_type=refresh_token"), 400, "invalid_request"),
            (Self.post("grant_type=refresh_token&grant_type=refresh_token"), 400, "invalid_request"),
            (Self.post("grant_type=refresh_token&refresh_token=%zz"), 400, "invalid_request"),
            ("GET /token HTTP/1.1\r\nHost: x\r\n\r\n", 400, "invalid_request"),
        ]
        for testCase in cases {
            // A connection each: a refused request may close its own.
            let (tokens, _) = try Self.connections(refusing)
            let response = try tokens.respond(to: testCase.request)
            #expect(response.status == testCase.status, "\(testCase.request)")
            #expect(response.body.contains("\"error\":\"\(testCase.error)\""), "\(testCase.request)")
            #expect(response.values(of: "Cache-Control") == ["no-store"])
            #expect(tokens.requests.allSatisfy { $0.auth?.decision != .authenticated })
        }
    }

    @Test("client_secret_post and client_credentials (RFC 6749 section 4.4) issue tokens too")
    func bodyAuthenticationAndClientCredentials() throws {
        let (tokens, origin) = try Self.connections()
        let issued = try tokens.respond(
            to: Self.post("grant_type=client_credentials&client_id=app&client_secret=s3cret", authorization: nil))
        #expect(issued.status == 200)
        #expect(!issued.body.contains("refresh_token"))
        #expect(tokens.requests.first?.auth?.scheme == "client_secret_post")
        let token = String(issued.body.dropFirst("{\"access_token\":\"".count).prefix { $0 != "\"" })
        #expect(try origin.respond(to: Self.get(token)).status == 200)
    }

    @Test("the refresh token at the resource server is refused and recorded as such")
    func refreshTokenAtResourceServer() throws {
        let (_, origin) = try Self.connections()
        #expect(try origin.respond(to: Self.get("the-refresh")).status == 401)
        #expect(origin.requests.first?.auth?.reason == "invalid_token: the refresh token was sent as an access token")
    }
}

extension AuthSpec {
    fileprivate func withTokenEndpoint(_ id: String) -> AuthSpec {
        var spec = self
        spec.tokenEndpoint = id
        return spec
    }
}

/// A clock a test moves by hand: what the ledger reads as the harness's time.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSinceReferenceDate: 800_000_000))

    var now: Date { time.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        time.withLock { $0 += seconds }
    }
}
