import Foundation
import Testing

private let curl = ClientScript.curl
private let user = ClientScript.user
private let digestClient = #"python3 "$CLIENTS/digest_client.py""#
private let naiveBasic = #"python3 "$CLIENTS/naive_basic_client.py""#

/// The challenge scenarios (issue 24: challenges as servers write them), each with real clients
/// that pass and a realistic defective one that is caught. Versions: curl 7.88.1, requests 2.34.2,
/// urllib of CPython 3.11.
let challengeMatrix: [AuthCase] = [
    AuthCase(
        scenario: "digest-rfc2069", client: "curl 7.88 --digest", script: "\(curl) --digest \(user) $MOCKAUTH_URL",
        expectedStatus: 0),
    AuthCase(
        scenario: "digest-rfc2069", client: "requests 2.34.2 (HTTPDigestAuth)", script: ClientScript.requests,
        expectedStatus: 0),
    AuthCase(
        scenario: "digest-rfc2069", client: "urllib (CPython 3.11, HTTPDigestAuthHandler)", script: ClientScript.urllib,
        expectedStatus: 0),
    AuthCase(
        scenario: "digest-rfc2069", client: "a hashlib Digest client that always answers qop=auth",
        script: "\(digestClient) MD5", expectedStatus: 1,
        note: "RFC 2617-only clients assume qop=auth and add cnonce and nc the server never asked for",
        mustMention: "qop auth was not offered"),
    AuthCase(
        scenario: "digest-rfc2069", client: "curl 7.88 --digest with a wrong password",
        script: #"\#(curl) --digest -u "$MOCKAUTH_USERNAME:nope" $MOCKAUTH_URL"#, expectedStatus: 1,
        mustMention: "wrong password for user alice"),
    AuthCase(
        scenario: "digest-quoted-realm", client: "curl 7.88 --digest",
        script: "\(curl) --digest \(user) $MOCKAUTH_URL", expectedStatus: 0,
        note: "curl unescapes the realm, hashes it and escapes it again in its answer"),
    AuthCase(
        scenario: "digest-quoted-realm", client: "a hashlib Digest client that unescapes and escapes",
        script: "\(digestClient) MD5", expectedStatus: 0),
    AuthCase(
        scenario: "digest-quoted-realm", client: "a hashlib Digest client that copies the quoted realm verbatim",
        script: "\(digestClient) MD5 --hash-escaped-realm", expectedStatus: 1,
        note: "its answer round-trips to the right realm, but HA1 covers the backslashes",
        mustMention: "wrong password for user alice"),
    AuthCase(
        scenario: "digest-quoted-realm", client: "requests 2.34.2 (writes the realm back unescaped)",
        script: ClientScript.requests, expectedStatus: 1,
        note: "HTTPDigestAuth unescapes the realm but writes realm=\"%s\" without escaping it again",
        mustMention: "the Authorization header was refused with 400 (unparsable Authorization value"),
    AuthCase(
        scenario: "digest-quoted-realm", client: "urllib (CPython 3.11, writes the realm back unescaped)",
        script: ClientScript.urllib, expectedStatus: 1,
        mustMention: "the Authorization header was refused with 400 (unparsable Authorization value"),
    AuthCase(
        scenario: "bearer-invalid-token", client: "curl 7.88, once",
        script: #"\#(curl) -H "Authorization: Bearer $MOCKAUTH_TOKEN" $MOCKAUTH_URL"#, expectedStatus: 0),
    AuthCase(
        scenario: "bearer-invalid-token", client: "requests 2.34.2 with the token", script: ClientScript.requests,
        expectedStatus: 0),
    AuthCase(
        scenario: "bearer-invalid-token", client: "requests 2.34.2 retrying the 401 once (urllib3 Retry total=1)",
        script: #"python3 "$CLIENTS/bearer_retry_client.py" --retries 1"#, expectedStatus: 0,
        note: "one retry is allowed: a client may try another token once"),
    AuthCase(
        scenario: "bearer-invalid-token",
        client: "requests 2.34.2 with urllib3 Retry(total=5, status_forcelist=[401, …]) (urllib3 2.8)",
        script: #"python3 "$CLIENTS/bearer_retry_client.py""#, expectedStatus: 1,
        note: "a retry policy that lists 401 retries a revoked token as if it were transient",
        mustMention: "refused credentials 6 times (at most 2 allowed"),
    AuthCase(
        scenario: "bearer-invalid-token", client: "a client that never sends a request", script: "exit 1",
        expectedStatus: 1, note: "a client that refuses everything is not credited", mustMention: "INCONCLUSIVE"),
    AuthCase(
        scenario: "challenge-multiple-in-one-field", client: "curl 7.88 --anyauth",
        script: "\(curl) --anyauth \(user) $MOCKAUTH_URL", expectedStatus: 0),
    AuthCase(
        scenario: "challenge-multiple-in-one-field",
        client: "urllib (CPython 3.11.7, HTTPDigestAuthHandler before HTTPBasicAuthHandler)",
        script: ClientScript.urllib, expectedStatus: 1,
        note: "its Digest handler reads the first scheme of the field (authreq.split()[0]) and raises on Newauth",
        mustMention: "never answered the challenge of origin"),
    AuthCase(
        scenario: "challenge-multiple-in-one-field", client: "a hand-written client: one challenge per field",
        script: naiveBasic, expectedStatus: 1, mustMention: "never answered the challenge of origin"),
    AuthCase(
        scenario: "challenge-multiple-in-one-field", client: "curl 7.88 --basic (Basic with the first request)",
        script: "\(curl) --basic \(user) $MOCKAUTH_URL", expectedStatus: 1,
        note: "it never reads the field, as net/http's SetBasicAuth and Node's auth option do: not tested, so "
            + "INCONCLUSIVE, neither credited nor failed for sending unasked (basic-no-preemptive judges that)",
        mustMention: "the client never read the challenge, so whether it finds the scheme there was never tested"),
    AuthCase(
        scenario: "challenge-scheme-case", client: "curl 7.88 --basic (Basic with the first request)",
        script: "\(curl) --basic \(user) $MOCKAUTH_URL", expectedStatus: 1,
        note: "it never reads bAsIc: INCONCLUSIVE", mustMention: "INCONCLUSIVE"),
    AuthCase(
        scenario: "challenge-scheme-case", client: "curl 7.88 --anyauth",
        script: "\(curl) --anyauth \(user) $MOCKAUTH_URL", expectedStatus: 0),
    AuthCase(
        scenario: "challenge-scheme-case", client: "urllib (CPython 3.11.7, HTTPBasicAuthHandler)",
        script: ClientScript.urllib, expectedStatus: 0),
    AuthCase(
        scenario: "challenge-scheme-case", client: "a hand-written client comparing the scheme with \"Basic\"",
        script: naiveBasic, expectedStatus: 1, note: "it passes basic, where the server writes Basic",
        mustMention: "never answered the challenge of origin"),
    AuthCase(scenario: "basic", client: "the hand-written Basic client", script: naiveBasic, expectedStatus: 0),
    AuthCase(
        scenario: "challenge-missing", client: "curl 7.88 --anyauth",
        script: "\(curl) --anyauth \(user) $MOCKAUTH_URL", expectedStatus: 0,
        note: "it asks without credentials, finds no scheme to answer and returns the 401"),
    AuthCase(
        scenario: "challenge-missing", client: "urllib (CPython 3.11, HTTPBasicAuthHandler)",
        script: ClientScript.urllib, expectedStatus: 0,
        note: "its handler answers only a Basic challenge: the bare 401 is returned"),
    AuthCase(
        scenario: "challenge-missing", client: "requests 2.34.2 configured for Digest only",
        script: #"python3 "$CLIENTS/requests_client.py" --auth digest"#, expectedStatus: 1,
        note: "it sends nothing unasked here, but it cannot pass the control basic either: refusing proves nothing",
        mustMention: "INCONCLUSIVE"),
    AuthCase(
        scenario: "challenge-missing", client: "the hand-written Basic client",
        script: naiveBasic, expectedStatus: 0, note: "it finds no Basic challenge and stops"),
    AuthCase(
        scenario: "challenge-missing", client: "a hand-written client that takes a bare 401 for Basic",
        script: "\(naiveBasic) --assume-basic", expectedStatus: 1,
        mustMention: "received Authorization (Basic) with GET /"),
    AuthCase(
        scenario: "challenge-missing", client: "curl 7.88 --basic (Basic with the first request)",
        script: "\(curl) --basic \(user) $MOCKAUTH_URL", expectedStatus: 1,
        mustMention: "received Authorization (Basic) with GET /"),
    AuthCase(
        scenario: "challenge-missing", client: "a client repeating the request 4 times",
        script: "for i in 1 2 3 4; do \(curl) --anyauth \(user) $MOCKAUTH_URL; done", expectedStatus: 1,
        mustMention: "received 4 requests (at most 2 allowed"),
    AuthCase(
        scenario: "digest-unknown-algorithm-first", client: "a hashlib Digest client answering the strongest it knows",
        script: "\(digestClient) strongest", expectedStatus: 0, note: "it skips SHA3-256 and answers SHA-256",
        mustNotMention: "answered Digest with algorithm"),
    AuthCase(
        scenario: "digest-unknown-algorithm-first", client: "requests 2.34.2 (HTTPDigestAuth)",
        script: ClientScript.requests, expectedStatus: 0,
        note: "it reads the fields joined into one and keeps the last value of each parameter: it answers MD5",
        mustMention: "answered Digest with algorithm MD5 where SHA-256 was offered"),
    AuthCase(
        scenario: "digest-unknown-algorithm-first", client: "curl 7.88 --digest (reads the first Digest field only)",
        script: "\(curl) --digest \(user) $MOCKAUTH_URL", expectedStatus: 1,
        note: "curl ignores every Digest field after the first (\"Ignoring duplicate digest auth header\")",
        mustMention: "never answered the challenge of origin"),
    AuthCase(
        scenario: "digest-unknown-algorithm-first", client: "urllib (CPython 3.11.7, HTTPDigestAuthHandler)",
        script: ClientScript.urllib, expectedStatus: 1,
        note: "it reads the first field only and raises on SHA3-256",
        mustMention: "never answered the challenge of origin"),
]

@Suite("Challenge scenarios with real clients")
struct ChallengeCheckTests {
    @Test(arguments: challengeMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }
}
