import Testing

private let interceptor = #"python3 "$CLIENTS/oauth_interceptor_client.py""#
private let httpxFlow = #"python3 "$CLIENTS/httpx_oauth_client.py""#
private let oauthSession = #"python3 "$CLIENTS/requests_oauthlib_client.py""#
/// httpx through its reference adapter, whose refreshing Auth holds a lock (adapter-decides).
private let httpxAdapter = #"python3 "$CLIENTS/../../Conformance/adapters/httpx_adapter.py""#

/// The OAuth 2.0 token-refresh scenarios (issue 37, item 2), each with real clients that pass and
/// a realistic defective one that is caught: httpx 0.28.1 with the refreshing `Auth` flow of its
/// documentation, requests-oauthlib 2.0.0's `OAuth2Session` with automatic refresh, and a
/// hand-written requests interceptor, correct or with one defect each. bearer-refresh-concurrent's
/// clients send their four requests from threads or tasks (MOCKAUTH_CONCURRENT).
let oauthMatrix: [AuthCase] = [
    AuthCase(
        scenario: "bearer-refresh-on-expiry", client: "httpx 0.28.1, an Auth flow that refreshes on 401",
        script: httpxFlow, expectedStatus: 0),
    AuthCase(
        scenario: "bearer-refresh-on-expiry", client: "a requests interceptor that refreshes once on invalid_token",
        script: interceptor, expectedStatus: 0),
    AuthCase(
        scenario: "bearer-refresh-on-expiry",
        client: "requests-oauthlib 2.0.0 OAuth2Session(auto_refresh_url=…, token_updater=…)",
        script: oauthSession, expectedStatus: 1,
        note: "it refreshes when its own clock says the token expired (TokenExpiredError), never on a 401",
        mustMention: "it did not get a new access token when the first expired"),
    AuthCase(
        scenario: "bearer-refresh-on-expiry", client: "an interceptor that retries with the refresh token as bearer",
        script: "\(interceptor) --defect refresh-token-as-bearer", expectedStatus: 1,
        mustMention: "the refresh token was sent as an access token"),
    AuthCase(
        scenario: "bearer-refresh-fails", client: "httpx 0.28.1, an Auth flow that refreshes on 401",
        script: httpxFlow, expectedStatus: 0),
    AuthCase(
        scenario: "bearer-refresh-fails", client: "a requests interceptor that refreshes once on invalid_token",
        script: interceptor, expectedStatus: 0),
    AuthCase(
        scenario: "bearer-refresh-fails", client: "an interceptor that refreshes and retries on every 401",
        script: "\(interceptor) --defect refresh-loop", expectedStatus: 1,
        note: "a refused refresh is retried as if it were transient: 20 refreshes (its bound)",
        mustMention: "received 20 requests (at most 1 allowed"),
    AuthCase(
        scenario: "bearer-refresh-fails",
        client: "requests-oauthlib 2.0.0 OAuth2Session(auto_refresh_url=…, token_updater=…)",
        script: oauthSession, expectedStatus: 1, note: "it never refreshes on a 401: the refusal is never reached",
        mustMention: "INCONCLUSIVE"),
    AuthCase(
        scenario: "bearer-refresh-token-stays-home", client: "httpx 0.28.1, an Auth flow that refreshes on 401",
        script: httpxFlow, expectedStatus: 0),
    AuthCase(
        scenario: "bearer-refresh-token-stays-home",
        client: "a requests interceptor that refreshes once on invalid_token", script: interceptor, expectedStatus: 0),
    AuthCase(
        scenario: "bearer-refresh-token-stays-home",
        client: "an interceptor that retries with the refresh token as bearer",
        script: "\(interceptor) --defect refresh-token-as-bearer", expectedStatus: 1,
        mustMention: "received the refresh token in Authorization with GET /two"),
    AuthCase(
        scenario: "bearer-insufficient-scope", client: "httpx 0.28.1, an Auth flow that refreshes on 401",
        script: httpxFlow, expectedStatus: 0),
    AuthCase(
        scenario: "bearer-insufficient-scope",
        client: "requests-oauthlib 2.0.0 OAuth2Session(auto_refresh_url=…, token_updater=…)", script: oauthSession,
        expectedStatus: 0),
    AuthCase(
        scenario: "bearer-insufficient-scope", client: "an interceptor that refreshes on 403 as on 401",
        script: "\(interceptor) --defect refresh-on-403", expectedStatus: 1,
        mustMention: "it refreshed the token on insufficient_scope"),
    AuthCase(
        scenario: "bearer-insufficient-scope", client: "a client that never sends a request", script: "exit 1",
        expectedStatus: 1, note: "a client that refuses everything is not credited", mustMention: "INCONCLUSIVE"),
    AuthCase(
        scenario: "bearer-token-cross-host-redirect", client: "httpx 0.28.1, an Auth flow that refreshes on 401",
        script: httpxFlow, expectedStatus: 0),
    AuthCase(
        scenario: "bearer-token-cross-host-redirect",
        client: "requests-oauthlib 2.0.0 OAuth2Session(auto_refresh_url=…, token_updater=…)", script: oauthSession,
        expectedStatus: 0, note: "requests drops Authorization when a redirect leaves the host (rebuild_auth)"),
    AuthCase(
        scenario: "bearer-token-cross-host-redirect",
        client: "an interceptor that follows redirects by hand, adding the token to each hop",
        script: "\(interceptor) --defect token-on-redirect", expectedStatus: 1,
        mustMention: "received Authorization (Bearer) with GET /landing"),
    AuthCase(
        scenario: "bearer-refresh-concurrent",
        client: "a requests interceptor, a thread per URL, that refreshes behind a lock", script: interceptor,
        expectedStatus: 0, mustMention: "in flight at once"),
    AuthCase(
        scenario: "bearer-refresh-concurrent",
        client: "httpx's reference adapter: a thread per URL, its refreshing Auth behind a lock", script: httpxAdapter,
        expectedStatus: 0),
    AuthCase(
        scenario: "bearer-refresh-concurrent", client: "an interceptor that refreshes for each expired request",
        script: "\(interceptor) --defect refresh-per-request", expectedStatus: 1,
        note: "no lock: each of the four threads that met invalid_token asks the token endpoint",
        mustMention:
            "received 4 requests (at most 1 allowed; the last POST /token): it refreshed the token once for each request"
    ),
    AuthCase(
        scenario: "bearer-refresh-concurrent",
        client: "httpx 0.28.1 AsyncClient with asyncio.gather, the documentation's auth_flow", script: httpxFlow,
        expectedStatus: 1,
        note: "the documented flow has no lock: each request that met the expired token refreshes",
        mustMention: "received 4 requests (at most 1 allowed"),
    AuthCase(
        scenario: "bearer-refresh-concurrent", client: "the interceptor, one request after another's answer",
        script: "\(interceptor) --sequential", expectedStatus: 1,
        note: "it refreshes once and passes every rule but the precondition: it never had two requests in flight",
        mustMention: "INCONCLUSIVE", mustNotMention: "FAIL"),
]

@Suite("OAuth 2.0 token refresh with real clients")
struct OAuthCheckTests {
    @Test(arguments: oauthMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }
}
