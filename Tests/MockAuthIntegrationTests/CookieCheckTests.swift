import Testing

/// curl 7.88.1 keeping a cookie jar across the run's URLs, as a user keeps a session: `-b` reads the
/// jar (and turns the cookie engine on), `-c` writes it; names under .test through `--resolve`.
private let curlWithJar = #"""
    jar=$(mktemp); set --; for entry in $MOCKAUTH_RESOLVE; do set -- "$@" --resolve "$entry"; done
    status=0
    for url in $MOCKAUTH_URLS; do
        curl -sS -o /dev/null --max-time 10 ${MOCKAUTH_CA_FILE:+--cacert "$MOCKAUTH_CA_FILE"} -b "$jar" -c "$jar" "$@" "$url" || status=1
    done
    rm -f "$jar"; exit $status
    """#
/// The same curl without `-b` or `-c`: its cookie engine stays off, and it keeps nothing.
private let curlWithoutJar = #"""
    status=0
    for url in $MOCKAUTH_URLS; do curl -sS -o /dev/null --max-time 10 "$url" || status=1; done
    exit $status
    """#
/// Hand-written (`Tests/Clients/cookie_dict_client.py`): cookies in a dict keyed by name alone.
private let dictClient = #"python3 "$CLIENTS/cookie_dict_client.py""#

/// The cookie scenarios (issue 24, item 2), each with real clients that pass and a realistic
/// defective one that is caught. Versions: curl 7.88.1 (libpsl 0.21.2), requests 2.34.2 (its
/// Session's http.cookiejar, CPython 3.11.7), urllib of CPython 3.11.7.
let cookieMatrix: [AuthCase] = [
    AuthCase(scenario: "cookie-returned", client: "curl 7.88.1 -b/-c jar", script: curlWithJar, expectedStatus: 0),
    AuthCase(
        scenario: "cookie-returned", client: "requests 2.34.2 (Session)", script: ClientScript.requests,
        expectedStatus: 0),
    AuthCase(
        scenario: "cookie-returned", client: "a hand-written client keeping cookies by name",
        script: dictClient, expectedStatus: 0, note: "it sends back what it was given, which is all this asks"),
    AuthCase(
        scenario: "cookie-returned", client: "curl 7.88.1 without a cookie jar", script: curlWithoutJar,
        expectedStatus: 1, note: "without -b or -c curl's cookie engine is off",
        mustMention: "none carried cookie sid"),
    AuthCase(
        scenario: "cookie-returned", client: "urllib with an HTTPCookieProcessor (the reference adapter)",
        script: ClientScript.urllib, expectedStatus: 0,
        note: "the cookie jar a user keeping a session adds: it sends sid back", mustMention: "received cookie sid"),
    AuthCase(
        scenario: "cookie-secure-over-http", client: "curl 7.88.1 -b/-c jar", script: curlWithJar, expectedStatus: 0),
    AuthCase(
        scenario: "cookie-secure-over-http", client: "requests 2.34.2 (Session)", script: ClientScript.requests,
        expectedStatus: 0),
    AuthCase(
        scenario: "cookie-secure-over-http", client: "a hand-written client keeping cookies by name",
        script: dictClient, expectedStatus: 1, note: "it drops the Secure attribute",
        mustMention: "received cookie sid with GET /page"),
    AuthCase(
        scenario: "cookie-secure-over-http", client: "a client that never sends a request", script: "exit 1",
        expectedStatus: 1, note: "a client that refuses everything is not credited", mustMention: "INCONCLUSIVE"),
    AuthCase(scenario: "cookie-host-only", client: "curl 7.88.1 -b/-c jar", script: curlWithJar, expectedStatus: 0),
    AuthCase(
        scenario: "cookie-host-only", client: "requests 2.34.2 (Session)", script: ClientScript.requests,
        expectedStatus: 0),
    AuthCase(
        scenario: "cookie-host-only", client: "a hand-written client keeping cookies by name", script: dictClient,
        expectedStatus: 1, note: "it sends every cookie to every host", mustMention: "received cookie sid with GET /"),
    AuthCase(
        scenario: "cookie-public-suffix-domain", client: "curl 7.88.1 -b/-c jar", script: curlWithJar,
        expectedStatus: 0),
    AuthCase(
        scenario: "cookie-public-suffix-domain", client: "requests 2.34.2 (Session)", script: ClientScript.requests,
        expectedStatus: 0),
    AuthCase(
        scenario: "cookie-public-suffix-domain", client: "a hand-written client keeping cookies by name",
        script: dictClient, expectedStatus: 1, note: "it never reads Domain",
        mustMention: "received cookie sid with GET /"),
    AuthCase(scenario: "cookie-path-scoped", client: "curl 7.88.1 -b/-c jar", script: curlWithJar, expectedStatus: 0),
    AuthCase(
        scenario: "cookie-path-scoped", client: "requests 2.34.2 (Session)", script: ClientScript.requests,
        expectedStatus: 0),
    AuthCase(
        scenario: "cookie-path-scoped", client: "a hand-written client keeping cookies by name", script: dictClient,
        expectedStatus: 1, note: "it never reads Path", mustMention: "received cookie sid with GET /admin"),
    AuthCase(
        scenario: "cookie-path-scoped", client: "a client that never sends a request", script: "exit 1",
        expectedStatus: 1, note: "a client that refuses everything is not credited", mustMention: "INCONCLUSIVE"),
    AuthCase(scenario: "cookie-deleted", client: "curl 7.88.1 -b/-c jar", script: curlWithJar, expectedStatus: 0),
    AuthCase(
        scenario: "cookie-deleted", client: "requests 2.34.2 (Session)", script: ClientScript.requests,
        expectedStatus: 0),
    AuthCase(
        scenario: "cookie-deleted", client: "a hand-written client keeping cookies by name", script: dictClient,
        expectedStatus: 1, note: "it ignores Max-Age and Expires", mustMention: "received cookie sid with GET /account"),
]

@Suite("Cookie scenarios with real clients")
struct CookieCheckTests {
    @Test(arguments: cookieMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }
}
