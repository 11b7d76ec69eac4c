import Foundation
import MockAuthTestSupport
import Testing

/// One real client against one auth scenario, through `mockauthd check`, and the exit status the
/// contract demands; `note` says why when the client is known to lack something.
struct AuthCase: Sendable, CustomTestStringConvertible {
    var scenario: String
    var client: String
    var script: String
    var expectedStatus: Int32
    var note: String = ""
    /// Text the verdict must contain (e.g. the violated rule), to prove the right defect was caught.
    var mustMention: String?
    /// Text the verdict must not contain (e.g. a warning a correct client does not earn).
    var mustNotMention: String?
    /// The curl releases the expectation holds for, when it is a property of curl's version (a
    /// feature or a bug of some releases): elsewhere the case is skipped, and the skip logged.
    var curl: CurlVersions?

    var testDescription: String { "\(scenario) × \(client) → \(expectedStatus)" }
}

extension AuthCase {
    /// Runs the script through `mockauthd check` (with `$CLIENTS`, the test clients' directory) and
    /// expects the exit status and, when given, the text the verdict must contain.
    func checkWithMockAuthD() async throws {
        // A skip (a missing tool, another curl) is written to MOCKAUTH_SKIP_LOG under this case's description.
        try await SkipLog.withCase(testDescription) {
            if let curl {
                guard try await Tool.require(curl: curl) else { return }
            }
            let result = try await MockAuthDBinary.check(scenario, #"CLIENTS="\#(AuthCheckTests.clients)"; "# + script)
            let context = "\(testDescription) \(note)\nstdout:\n\(result.output)\nstderr:\n\(result.error)"
            #expect(result.status == expectedStatus, "\(context)")
            if let text = mustMention {
                #expect(result.output.contains(text), "the verdict should mention '\(text)': \(context)")
            }
            if let text = mustNotMention {
                #expect(!result.output.contains(text), "the verdict should not mention '\(text)': \(context)")
            }
        }
    }
}

private let curl = ClientScript.curl
private let user = ClientScript.user
private let ntlmUser = ClientScript.ntlmUser
private let proxy = #"-x "$MOCKAUTH_PROXY_URL""#
private let proxyUser = #"--proxy-user "$MOCKAUTH_PROXY_USERNAME:$MOCKAUTH_PROXY_PASSWORD""#
/// Sets `"$@"` to one `--resolve` argument per entry of MOCKAUTH_RESOLVE, for curl.
private let resolving = #"set --; for entry in $MOCKAUTH_RESOLVE; do set -- "$@" --resolve "$entry"; done;"#
private let python = ClientScript.requestsClient
private let digestClient = #"python3 "$CLIENTS/digest_client.py""#
private let urllib = ClientScript.urllib
private let requestsAdapter = ClientScript.requests
/// Java 17's HttpURLConnection through its reference adapter.
private let javaURLConnection = ClientScript.javaAdapter + "\njava_adapter urlconnection"
/// Sets `"$@"` to one `-H` argument per line of MOCKAUTH_HEADERS, for curl.
private let givenHeaders = #"""
    set --
    while IFS= read -r line; do set -- "$@" -H "$line"; done <<EOF
    $MOCKAUTH_HEADERS
    EOF
    """#

let authMatrix: [AuthCase] =
    [
        AuthCase(
            scenario: "basic", client: "curl --basic", script: "\(curl) --basic \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "basic", client: "curl --anyauth", script: "\(curl) --anyauth \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(scenario: "basic", client: "requests", script: "\(python) --auth basic", expectedStatus: 0),
        // A server must accept the absolute-form (RFC 9112 §3.2.2): curl sends the URL itself as the target.
        AuthCase(
            scenario: "basic", client: "curl --anyauth --request-target URL (absolute-form to the origin)",
            script: "\(curl) --anyauth \(user) --request-target $MOCKAUTH_URL $MOCKAUTH_URL", expectedStatus: 0,
            mustMention: "authenticated with Basic"),
        AuthCase(
            scenario: "basic", client: "curl without credentials", script: "\(curl) $MOCKAUTH_URL", expectedStatus: 1,
            mustMention: "never answered"),
        AuthCase(
            scenario: "basic", client: "curl with a wrong password",
            script: #"\#(curl) --basic -u "$MOCKAUTH_USERNAME:nope" $MOCKAUTH_URL"#,
            expectedStatus: 1, mustMention: "wrong password"),
        AuthCase(
            scenario: "basic-no-preemptive", client: "curl --anyauth",
            script: "\(curl) --anyauth \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "basic-no-preemptive", client: "curl --basic (preemptive)",
            script: "\(curl) --basic \(user) $MOCKAUTH_URL",
            expectedStatus: 1, mustMention: "before origin had sent any challenge"),
        AuthCase(
            scenario: "basic-utf8", client: "curl --anyauth", script: "\(curl) --anyauth \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "basic-utf8", client: "requests (encodes Basic as Latin-1)", script: "\(python) --auth basic",
            expectedStatus: 1, note: "requests encodes Basic credentials as Latin-1 and cannot encode '€'"),
        AuthCase(
            scenario: "basic-wrong-password", client: "curl --anyauth (one attempt)",
            script: "\(curl) --anyauth \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "basic-wrong-password", client: "a client retrying 5 times",
            script: "for i in 1 2 3 4 5; do \(curl) --anyauth \(user) $MOCKAUTH_URL; done", expectedStatus: 1,
            mustMention: "refused credentials 5 times (at most 3 allowed"),
        AuthCase(
            scenario: "digest-md5", client: "curl --digest", script: "\(curl) --digest \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "digest-md5", client: "hashlib Digest client", script: "\(digestClient) MD5", expectedStatus: 0),
        AuthCase(
            scenario: "digest-md5", client: "curl --basic (scheme not offered)",
            script: "\(curl) --basic \(user) $MOCKAUTH_URL",
            expectedStatus: 1, mustMention: "uses-scheme"),
        AuthCase(
            scenario: "digest-md5", client: "curl --basic (preemptive Basic to a Digest-only server)",
            script: "\(curl) --basic \(user) $MOCKAUTH_URL",
            expectedStatus: 1, mustMention: "GET / carried Authorization (Basic) before origin had sent any challenge"),
        AuthCase(
            scenario: "ntlm", client: "curl --basic (preemptive Basic to an NTLM-only server)",
            script: "\(curl) --basic \(user) $MOCKAUTH_URL",
            expectedStatus: 1, mustMention: "GET / carried Authorization (Basic) before origin had sent any challenge"),
        AuthCase(
            scenario: "digest-sha256", client: "curl --digest", script: "\(curl) --digest \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(scenario: "digest-sha256", client: "requests", script: "\(python) --auth digest", expectedStatus: 0),
        AuthCase(
            scenario: "digest-second-origin", client: "curl --digest, both URLs in one invocation",
            script: #"set -- $MOCKAUTH_URLS; \#(curl) --digest \#(user) "$1" "$2""#, expectedStatus: 0),
        AuthCase(
            scenario: "digest-second-origin", client: "requests, one HTTPDigestAuth for both hosts",
            script: "\(python) --auth digest", expectedStatus: 1,
            mustMention: "GET / carried Authorization (Digest) before other had sent any challenge"),
        AuthCase(
            scenario: "digest-sha256", client: "curl with a wrong password",
            script: #"\#(curl) --digest -u "$MOCKAUTH_USERNAME:nope" $MOCKAUTH_URL"#,
            expectedStatus: 1, mustMention: "refused"),
        AuthCase(
            scenario: "digest-sha512-256", client: "hashlib Digest client", script: "\(digestClient) SHA-512-256",
            expectedStatus: 0,
            note: "an independent SHA-512/256 implementation proves the server verifies this algorithm"),
        // curl parses algorithm=SHA-512-256 from 7.57.0 on but hashes it with SHA-256 up to 8.6.x
        // (lib/vauth/digest.c); 8.7.0 implements it: RELEASE-NOTES of 8.7.0, "digest: support
        // SHA-512/256" (commit e3461bbd05, https://curl.se/ch/8.7.0.html). The expectation for 8.7.0
        // on follows from that and has not been run here (curl 7.88.1): the macOS job's curl runs it.
        AuthCase(
            scenario: "digest-sha512-256", client: "curl 7.88 --digest",
            script: "\(curl) --digest \(user) $MOCKAUTH_URL",
            expectedStatus: 1, note: "curl 7.88 does not implement SHA-512-256 and its answer does not verify",
            mustMention: "refused", curl: .releases(CurlVersion(7, 88)..<CurlVersion(8, 7))),
        AuthCase(
            scenario: "digest-sha512-256", client: "curl 8.7 or later --digest",
            script: "\(curl) --digest \(user) $MOCKAUTH_URL", expectedStatus: 0,
            note: "curl 8.7.0 added SHA-512/256 to its Digest (RELEASE-NOTES: 'digest: support SHA-512/256')",
            curl: .releases(CurlVersion(8, 7)...)),
        AuthCase(
            scenario: "digest-auth-int", client: "hashlib Digest client (auth-int)",
            script: "\(digestClient) SHA-256 --qop auth-int",
            expectedStatus: 0),
        AuthCase(
            scenario: "digest-auth-int", client: "curl 7.88 --digest", script: "\(curl) --digest \(user) $MOCKAUTH_URL",
            expectedStatus: 0, note: "curl 7.88 does answer qop=auth-int (for a body-less GET, over the empty body)"),
        AuthCase(
            scenario: "digest-auth-int", client: "requests (no auth-int)", script: "\(python) --auth digest",
            expectedStatus: 1,
            note: "requests' HTTPDigestAuth implements qop=auth only and sends nothing"),
        AuthCase(
            scenario: "digest-stale", client: "requests, one session, pausing MOCKAUTH_PAUSE_SECONDS (3 s)",
            script: #"test "$MOCKAUTH_PAUSE_SECONDS" = 3 && \#(python) --auth digest"#, expectedStatus: 0,
            note: "its second request reuses the nonce, which went stale during the pause; it retries on stale=true",
            mustMention: "after stale=true the client retried GET /second with the new nonce and was accepted"),
        AuthCase(
            scenario: "digest-stale", client: "requests, one session, ignoring MOCKAUTH_PAUSE_SECONDS",
            script: "\(python) --auth digest --pause 0", expectedStatus: 1,
            note: "its second request reuses a nonce that is still fresh: stale=true never happens, not credited",
            mustMention: "INCONCLUSIVE"),
        AuthCase(
            scenario: "digest-stale", client: "curl, one invocation per URL",
            script: "for u in $MOCKAUTH_URLS; do \(curl) --digest \(user) $u; done", expectedStatus: 1,
            note: "a fresh nonce per request never meets stale=true: inconclusive, not credited",
            mustMention: "INCONCLUSIVE"),
        AuthCase(
            scenario: "digest-nextnonce", client: "hashlib Digest client, every URL, using the nextnonce",
            script: "\(digestClient) SHA-256 --all-urls", expectedStatus: 0,
            note: "it answers /docs/second unasked with the nextnonce, counted from nc=00000001",
            mustMention: "GET /docs/second answered with the nextnonce sent with the answer to GET /docs/",
            mustNotMention: "(should)"),
        AuthCase(
            scenario: "digest-nextnonce", client: "hashlib Digest client counting the nextnonce on (nc=00000002)",
            script: "\(digestClient) SHA-256 --all-urls --continue-count", expectedStatus: 1,
            note: "a nextnonce is a new nonce: its first answer is nc=00000001, and the origin answers 400",
            mustMention: "nonce count nc=00000002 on the first use of the nextnonce"),
        AuthCase(
            scenario: "digest-nextnonce", client: "requests, one session", script: "\(python) --auth digest",
            expectedStatus: 0,
            note: "requests ignores Authentication-Info: it answers /docs/second with the replaced nonce, nc=00000002, "
                + "and retries on stale=true with the fresh one",
            mustMention: "after stale=true the client retried GET /docs/second with the new nonce and was accepted"),
        AuthCase(
            scenario: "digest-nextnonce", client: "curl, both URLs in one invocation",
            script: "\(curl) -o /dev/null --digest \(user) $MOCKAUTH_URLS", expectedStatus: 1,
            note: "curl 7.88 starts a fresh Digest exchange for each URL, even in one invocation: it never answers "
                + "with either nonce, not credited",
            mustMention: "INCONCLUSIVE"),
        AuthCase(
            scenario: "digest-nextnonce", client: "Java 17 HttpURLConnection (one Authenticator)",
            script: javaURLConnection, expectedStatus: 0,
            note:
                "it answers /docs/second (same directory) unasked, but with the replaced nonce, nc=00000002: Java 17 does "
                + "not take the nextnonce; it retries on stale=true with the fresh nonce",
            mustMention: "after stale=true the client retried GET /docs/second with the new nonce and was accepted"),
        AuthCase(
            scenario: "digest-md5-sess", client: "curl --digest", script: "\(curl) --digest \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "digest-md5-sess", client: "hashlib Digest client", script: "\(digestClient) MD5-sess",
            expectedStatus: 0),
        AuthCase(
            scenario: "digest-md5-sess", client: "curl with a wrong password",
            script: #"\#(curl) --digest -u "$MOCKAUTH_USERNAME:nope" $MOCKAUTH_URL"#, expectedStatus: 1,
            mustMention: "refused"),
        AuthCase(
            scenario: "digest-sha256-sess", client: "curl --digest", script: "\(curl) --digest \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "digest-sha256-sess", client: "hashlib Digest client", script: "\(digestClient) SHA-256-sess",
            expectedStatus: 0),
        AuthCase(
            scenario: "digest-sha256-sess", client: "a client without -sess support (answers nothing)",
            script: "\(digestClient) SHA-256", expectedStatus: 1, mustMention: "never answered"),
        AuthCase(
            scenario: "bearer-wrong-token", client: "curl, once",
            script: #"\#(curl) -H "Authorization: Bearer $MOCKAUTH_TOKEN" $MOCKAUTH_URL"#,
            expectedStatus: 0),
        AuthCase(
            scenario: "bearer-wrong-token", client: "a client retrying 5 times",
            script: #"for i in 1 2 3 4 5; do \#(curl) -H "Authorization: Bearer $MOCKAUTH_TOKEN" $MOCKAUTH_URL; done"#,
            expectedStatus: 1, mustMention: "5 times"),
        AuthCase(
            scenario: "digest-userhash", client: "curl --digest", script: "\(curl) --digest \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "digest-userhash", client: "curl with a wrong password",
            script: #"\#(curl) --digest -u "$MOCKAUTH_USERNAME:nope" $MOCKAUTH_URL"#, expectedStatus: 1,
            mustMention: "refused"),
        AuthCase(
            scenario: "ntlm", client: "curl --ntlm", script: "\(curl) --ntlm \(ntlmUser) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(scenario: "ntlm", client: "requests-ntlm", script: "\(python) --auth ntlm", expectedStatus: 0),
        AuthCase(
            scenario: "ntlm", client: "wget 1.21.3 (GnuTLS 3.7.9; http-ntlm.c) through its adapter",
            script: ClientScript.wget, expectedStatus: 1,
            note: "its type 3 claims NTLMSSP_NEGOTIATE_UNICODE but carries 8-bit names, the OEM its type 1 asked for "
                + "and the type 2 negotiated: read as OEM, it is refused as the NTLMv1 it is",
            mustMention: #"NTLMv1 response from MOCKAUTH\alice rejected (policy: NTLMv2 only)"#,
            mustNotMention: "odd UTF-16"),
        AuthCase(
            scenario: "ntlm", client: "curl --ntlm with a wrong password",
            script: #"\#(curl) --ntlm -u "$MOCKAUTH_DOMAIN\\$MOCKAUTH_USERNAME:nope" $MOCKAUTH_URL"#, expectedStatus: 1,
            mustMention: "NTLMv2 proof mismatch"),
        AuthCase(
            scenario: "ntlm", client: "curl --ntlm in another domain (WRONGDOMAIN\\alice, the right password)",
            script: #"\#(curl) --ntlm -u "WRONGDOMAIN\\$MOCKAUTH_USERNAME:$MOCKAUTH_PASSWORD" $MOCKAUTH_URL"#,
            expectedStatus: 1, mustMention: "wrong domain WRONGDOMAIN"),
        AuthCase(
            scenario: "ntlm", client: "curl --ntlm without a domain (the server's own)",
            script: #"\#(curl) --ntlm -u "$MOCKAUTH_USERNAME:$MOCKAUTH_PASSWORD" $MOCKAUTH_URL"#, expectedStatus: 0),
        AuthCase(
            scenario: "ntlm", client: "curl --ntlm, closing the connection after each response",
            script: #"\#(curl) --ntlm \#(ntlmUser) -H "Connection: close" $MOCKAUTH_URL"#, expectedStatus: 1,
            note: "curl gives up when the connection closes mid-handshake",
            mustMention: "the handshake stopped after the server's challenge message"),
        AuthCase(
            scenario: "ntlm", client: "pyspnego NTLM sending the type 3 on a new connection",
            script: #"python3 "$CLIENTS/ntlm_switching_client.py""#, expectedStatus: 1,
            mustMention: "which never received the server's challenge message"),
        AuthCase(
            scenario: "ntlm", client: "pyspnego NTLM on one connection",
            script: #"python3 "$CLIENTS/ntlm_switching_client.py" --same-connection"#, expectedStatus: 0),
        AuthCase(
            scenario: "negotiate", client: "requests-ntlm (NTLM in Negotiate)", script: "\(python) --auth ntlm",
            expectedStatus: 0),
        AuthCase(
            scenario: "negotiate", client: "curl --negotiate (Kerberos only)",
            script: "\(curl) --negotiate \(user) $MOCKAUTH_URL",
            expectedStatus: 1,
            note: "curl's GSS-API Negotiate needs Kerberos, which this machine has not: it cannot answer"),
        AuthCase(
            scenario: "bearer", client: "curl with the token",
            script: #"\#(curl) -H "Authorization: Bearer $MOCKAUTH_TOKEN" $MOCKAUTH_URL"#,
            expectedStatus: 0),
        AuthCase(
            scenario: "bearer", client: "curl with another token",
            script: #"\#(curl) -H "Authorization: Bearer nope" $MOCKAUTH_URL"#,
            expectedStatus: 1, mustMention: "invalid_token"),
        AuthCase(
            scenario: "multi-scheme", client: "curl --anyauth", script: "\(curl) --anyauth \(user) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "multi-scheme", client: "curl --basic", script: "\(curl) --basic \(user) $MOCKAUTH_URL",
            expectedStatus: 1,
            mustMention: "answered with Basic although origin offered NTLM, Digest, Basic"),
    ]
    + ["redirect-cross-host", "redirect-cross-port", "redirect-https-to-http"].flatMap { scenario in
        [
            AuthCase(
                scenario: scenario, client: "curl -L", script: "\(curl) -L --anyauth \(user) $MOCKAUTH_URL",
                expectedStatus: 0),
            AuthCase(
                scenario: scenario, client: "curl --location-trusted",
                script: "\(curl) --location-trusted --anyauth \(user) $MOCKAUTH_URL",
                expectedStatus: 1, mustMention: "received Authorization (Basic) with GET /landing"),
        ]
    } + [
        AuthCase(
            scenario: "redirect-chain-return", client: "curl -L",
            script: "\(curl) -L --anyauth \(user) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: "redirect-chain-return", client: "curl --location-trusted",
            script: "\(curl) --location-trusted --anyauth \(user) $MOCKAUTH_URL", expectedStatus: 1,
            mustMention: "received Authorization (Basic) with GET /first"),
        AuthCase(
            scenario: "redirect-chain-return",
            client: "a client that drops the credentials on the first hop and re-adds them on the second (Go < 1.23.5)",
            script: #"""
                b1=$(curl -sS -o /dev/null -w '%{redirect_url}' --cacert "$MOCKAUTH_CA_FILE" --anyauth \#(user) "$MOCKAUTH_URL")
                b2=$(curl -sS -o /dev/null -w '%{redirect_url}' --cacert "$MOCKAUTH_CA_FILE" "$b1")
                \#(curl) --basic \#(user) "$b2"
                """#,
            expectedStatus: 1, mustMention: "received Authorization (Basic) with GET /second"),
        AuthCase(
            scenario: "redirect-back-to-origin", client: "curl -L (stops sending credentials after leaving A)",
            script: "\(curl) -L --anyauth \(user) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: "redirect-back-to-origin", client: "curl --location-trusted",
            script: "\(curl) --location-trusted --anyauth \(user) $MOCKAUTH_URL", expectedStatus: 1,
            mustMention: "received Authorization (Basic) with GET /bounce"),
        AuthCase(
            scenario: "redirect-https-to-http", client: "curl -L --proto-redir =https (refuses the downgrade)",
            script: "\(curl) -L --proto-redir =https --anyauth \(user) $MOCKAUTH_URL", expectedStatus: 0,
            mustMention: "the client did not follow origin's redirect"),
        AuthCase(
            scenario: "proxy-digest", client: "curl --proxy-basic (preemptive Basic to a Digest-only proxy)",
            script: "\(curl) \(proxy) --proxy-basic \(proxyUser) $MOCKAUTH_URL", expectedStatus: 1,
            mustMention: "carried Proxy-Authorization (Basic) before proxy had sent any challenge"),
        AuthCase(
            scenario: "proxy-basic", client: "curl -x --proxy-user",
            script: "\(curl) \(proxy) \(proxyUser) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: "proxy-basic", client: "requests with a proxy", script: "\(python) --proxy", expectedStatus: 0),
        AuthCase(
            scenario: "proxy-basic", client: "curl -x without proxy credentials",
            script: "\(curl) \(proxy) $MOCKAUTH_URL",
            expectedStatus: 1, mustMention: "never answered the challenge of proxy"),
        AuthCase(
            scenario: "proxy-no-proxy", client: "curl -x --noproxy",
            script: "\(resolving) \(curl) \(proxy) --noproxy \"$MOCKAUTH_NO_PROXY\" \"$@\" $MOCKAUTH_URLS",
            expectedStatus: 0),
        AuthCase(
            scenario: "proxy-no-proxy", client: "curl with http_proxy and NO_PROXY in its environment",
            script:
                #"\#(resolving) http_proxy="$MOCKAUTH_PROXY_URL" NO_PROXY="$MOCKAUTH_NO_PROXY" \#(curl) "$@" $MOCKAUTH_URLS"#,
            expectedStatus: 0),
        AuthCase(scenario: "proxy-no-proxy", client: "requests (NO_PROXY)", script: requestsAdapter, expectedStatus: 0),
        AuthCase(
            scenario: "proxy-no-proxy", client: "curl -x ignoring NO_PROXY",
            script: "\(resolving) \(curl) \(proxy) \"$@\" $MOCKAUTH_URLS", expectedStatus: 1,
            mustMention: "reached direct (http://direct.test:"),
        AuthCase(
            scenario: "proxy-no-proxy", client: "curl --noproxy '*' (no proxy for any host)",
            script: "\(resolving) \(curl) \(proxy) --noproxy '*' \"$@\" $MOCKAUTH_URLS", expectedStatus: 1,
            mustMention: "directly from 127.0.0.1:"),
        AuthCase(
            scenario: "proxy-wrong-password", client: "curl -x --proxy-anyauth (one attempt)",
            script: "\(curl) \(proxy) --proxy-anyauth \(proxyUser) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: "proxy-wrong-password", client: "a client retrying the proxy 5 times",
            script: "for i in 1 2 3 4 5; do \(curl) \(proxy) \(proxyUser) $MOCKAUTH_URL; done", expectedStatus: 1,
            mustMention: "refused credentials 5 times (at most 3 allowed"),
        AuthCase(
            scenario: "proxy-digest", client: "curl --proxy-digest",
            script: "\(curl) \(proxy) --proxy-digest \(proxyUser) $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "proxy-digest", client: "curl --proxy-basic",
            script: "\(curl) \(proxy) --proxy-basic \(proxyUser) $MOCKAUTH_URL",
            expectedStatus: 1),
        AuthCase(
            scenario: "proxy-ntlm", client: "curl --proxy-ntlm",
            script:
                #"\#(curl) \#(proxy) --proxy-ntlm --proxy-user "$MOCKAUTH_PROXY_DOMAIN\\$MOCKAUTH_PROXY_USERNAME:$MOCKAUTH_PROXY_PASSWORD" $MOCKAUTH_URL"#,
            expectedStatus: 0),
        AuthCase(
            scenario: "proxy-ntlm", client: "curl --proxy-ntlm with a wrong password",
            script:
                #"\#(curl) \#(proxy) --proxy-ntlm --proxy-user "$MOCKAUTH_PROXY_DOMAIN\\$MOCKAUTH_PROXY_USERNAME:nope" $MOCKAUTH_URL"#,
            expectedStatus: 1),
        AuthCase(
            scenario: "proxy-connect", client: "curl -x --proxy-user (CONNECT)",
            script: "\(curl) \(proxy) \(proxyUser) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: "proxy-connect", client: "requests with a proxy (CONNECT)", script: "\(python) --proxy",
            expectedStatus: 0),
        AuthCase(
            scenario: "proxy-connect", client: "curl -x without proxy credentials",
            script: "\(curl) \(proxy) $MOCKAUTH_URL",
            expectedStatus: 1),
        AuthCase(
            scenario: "proxy-connect-ntlm", client: "curl --proxy-ntlm (CONNECT)",
            script:
                #"\#(curl) \#(proxy) --proxy-ntlm --proxy-user "$MOCKAUTH_PROXY_DOMAIN\\$MOCKAUTH_PROXY_USERNAME:$MOCKAUTH_PROXY_PASSWORD" $MOCKAUTH_URL"#,
            expectedStatus: 0),
        AuthCase(
            scenario: "proxy-connect-ntlm", client: "curl --proxy-ntlm in another domain (CONNECT)",
            script:
                #"\#(curl) \#(proxy) --proxy-ntlm --proxy-user "WRONGDOMAIN\\$MOCKAUTH_PROXY_USERNAME:$MOCKAUTH_PROXY_PASSWORD" $MOCKAUTH_URL"#,
            expectedStatus: 1, mustMention: "wrong domain WRONGDOMAIN"),
        AuthCase(
            scenario: "proxy-connect-ntlm", client: "pyspnego NTLM on one connection (CONNECT)",
            script: #"python3 "$CLIENTS/ntlm_proxy_connect_client.py" --same-connection"#, expectedStatus: 0),
        AuthCase(
            scenario: "proxy-connect-ntlm", client: "pyspnego NTLM sending type 3 on a new connection",
            script: #"python3 "$CLIENTS/ntlm_proxy_connect_client.py""#, expectedStatus: 1,
            mustMention: "answered the handshake on connection #2, which never received the server's challenge message"
        ),
        AuthCase(
            scenario: "proxy-connect-digest", client: "curl --proxy-digest (CONNECT)",
            script: "\(curl) \(proxy) --proxy-digest \(proxyUser) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: "proxy-connect-digest", client: "curl --proxy-basic (preemptive Basic on CONNECT)",
            script: "\(curl) \(proxy) --proxy-basic \(proxyUser) $MOCKAUTH_URL", expectedStatus: 1,
            mustMention: "carried Proxy-Authorization (Basic) before proxy had sent any challenge"),
        AuthCase(
            scenario: "proxy-407-connection-close",
            client: "curl --proxy-anyauth (CONNECT, dials again after the close)",
            script: "\(curl) \(proxy) --proxy-anyauth \(proxyUser) $MOCKAUTH_URL", expectedStatus: 0,
            mustMention: "in answer to the challenge on a new connection (#2) after proxy"),
        AuthCase(
            scenario: "proxy-407-connection-close", client: "a raw-socket client that dials again after the close",
            script: #"python3 "$CLIENTS/proxy_407_client.py" --redial"#, expectedStatus: 0),
        AuthCase(
            scenario: "proxy-407-connection-close", client: "a raw-socket client answering on the closed socket",
            script: #"python3 "$CLIENTS/proxy_407_client.py""#, expectedStatus: 1,
            mustMention: "with 407 and closed the connection (#1), and the client gave up there"),
        AuthCase(
            scenario: "proxy-407-connection-close", client: "curl --proxy-user (preemptive Basic on CONNECT)",
            script: "\(curl) \(proxy) \(proxyUser) $MOCKAUTH_URL", expectedStatus: 1,
            note: "Basic sent before any challenge never meets the closing 407: not exercised, never credited",
            mustMention: "INCONCLUSIVE"),
        AuthCase(
            scenario: "proxy-and-origin", client: "curl, proxy and origin credentials apart",
            script: "\(curl) \(proxy) \(proxyUser) --anyauth \(user) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: "proxy-and-origin", client: "curl sending the origin credentials to the proxy",
            script:
                #"\#(curl) \#(proxy) --proxy-user "$MOCKAUTH_USERNAME:$MOCKAUTH_PASSWORD" --anyauth \#(user) $MOCKAUTH_URL"#,
            expectedStatus: 1, mustMention: "unknown user alice"),
        AuthCase(
            scenario: "protection-space-isolation", client: "curl, credentials only for realm alpha's URL",
            script: #"set -- $MOCKAUTH_URLS; \#(curl) --anyauth \#(user) "$1"; \#(curl) "$2"; true"#, expectedStatus: 0),
        AuthCase(
            scenario: "protection-space-isolation", client: "curl, one password for the whole host",
            script: "\(curl) --anyauth \(user) $MOCKAUTH_URLS", expectedStatus: 1,
            mustMention: "received Authorization (Basic) with GET /b/"),
        AuthCase(
            scenario: "protection-space-reuse", client: "curl --basic (sends with every request)",
            script: "\(curl) --basic \(user) $MOCKAUTH_URLS", expectedStatus: 0),
        AuthCase(
            scenario: "protection-space-reuse", client: "curl --anyauth (waits for each challenge)",
            script: "\(curl) --anyauth \(user) $MOCKAUTH_URLS", expectedStatus: 0,
            note: "a 'should': reported, not failed", mustMention: "(should)"),
    ]

/// Headers the client sets itself (MOCKAUTH_HEADERS, a hand-set Authorization) across redirects.
let headerLeakMatrix: [AuthCase] =
    [
        AuthCase(
            scenario: "redirect-bearer-cross-host", client: "curl -L -H Authorization (dropped on another host)",
            script: #"\#(curl) -L -H "Authorization: Bearer $MOCKAUTH_TOKEN" $MOCKAUTH_URL"#, expectedStatus: 0),
        AuthCase(
            scenario: "redirect-bearer-cross-host", client: "curl --location-trusted",
            script: #"\#(curl) --location-trusted -H "Authorization: Bearer $MOCKAUTH_TOKEN" $MOCKAUTH_URL"#,
            expectedStatus: 1, mustMention: "received Authorization (Bearer) with GET /landing"),
        AuthCase(
            scenario: "redirect-bearer-cross-host", client: "Python's urllib (copies added headers onto the redirect)",
            script: urllib, expectedStatus: 1,
            note: "CPython 3.11's HTTPRedirectHandler copies every header added with add_header",
            mustMention: "received Authorization (Bearer) with GET /landing"),
    ]
    + ["redirect-cookie-cross-host", "redirect-custom-header-cross-host"].flatMap { scenario in
        [
            AuthCase(
                scenario: scenario, client: "curl -L -H (each MOCKAUTH_HEADERS line)",
                script: "\(givenHeaders)\n\(curl) -L \"$@\" $MOCKAUTH_URL", expectedStatus: 0,
                // curl keeps X-Api-Key across hosts: dropping it is a 'should', reported and not failed.
                mustMention: scenario == "redirect-custom-header-cross-host"
                    ? "received X-Api-Key with GET /landing: it sent the origin's API key to another host (should)"
                    : nil),
            AuthCase(scenario: scenario, client: "requests", script: requestsAdapter, expectedStatus: 0),
            AuthCase(
                scenario: scenario, client: "curl --location-trusted",
                script: "\(givenHeaders)\n\(curl) --location-trusted \"$@\" $MOCKAUTH_URL", expectedStatus: 1,
                mustMention: scenario == "redirect-cookie-cross-host"
                    ? "received Cookie with GET /landing" : "received Authorization (Bearer) with GET /landing"),
            AuthCase(
                scenario: scenario, client: "Python's urllib (copies added headers onto the redirect)",
                script: urllib, expectedStatus: 1,
                note: "CPython 3.11's HTTPRedirectHandler copies every header added with add_header"),
            AuthCase(
                scenario: scenario, client: "curl without the headers it was given", script: "\(curl) -L $MOCKAUTH_URL",
                expectedStatus: 1, mustMention: "and none carried the"),
        ]
    }

/// Redirects through an authenticating proxy, and a redirect loop.
let redirectMatrix: [AuthCase] = [
    AuthCase(
        scenario: "proxy-redirect", client: "curl -L --proxy-user",
        script: "\(curl) -L \(proxy) \(proxyUser) $MOCKAUTH_URL", expectedStatus: 0),
    AuthCase(scenario: "proxy-redirect", client: "requests", script: requestsAdapter, expectedStatus: 0),
    AuthCase(
        scenario: "proxy-redirect", client: "curl -L with Proxy-Authorization also set as a request header",
        script:
            #"\#(curl) -L \#(proxy) \#(proxyUser) -H "Proxy-Authorization: Basic $(printf %s "$MOCKAUTH_PROXY_USERNAME:$MOCKAUTH_PROXY_PASSWORD" | base64)" $MOCKAUTH_URL"#,
        expectedStatus: 1, mustMention: "other (https://localhost:"),
    AuthCase(
        scenario: "redirect-loop", client: "curl -L (stops after 50 redirects)", script: "\(curl) -L $MOCKAUTH_URL",
        expectedStatus: 0, note: "curl itself exits 47; the verdict is what counts",
        mustMention: "the client stopped after 51 requests"),
    AuthCase(
        scenario: "redirect-loop", client: "requests (stops after 30 redirects)", script: requestsAdapter,
        expectedStatus: 0),
    AuthCase(
        scenario: "redirect-loop", client: "curl -L --max-redirs -1 (no limit)",
        script: "\(curl) -L --max-redirs -1 $MOCKAUTH_URL", expectedStatus: 1,
        mustMention: "(at most 100 allowed"),
]

/// Requests with bodies: challenged, redirected, hashed.
private let body = #"--data-binary "@$MOCKAUTH_BODY_FILE""#
let bodyMatrix: [AuthCase] = [
    AuthCase(
        scenario: "post-401-resend-body", client: "curl --anyauth (Expect: 100-continue, 401 before the body)",
        script: "\(curl) --anyauth \(user) \(body) $MOCKAUTH_URL", expectedStatus: 0),
    AuthCase(
        scenario: "post-401-resend-body", client: "curl --anyauth without Expect (sends the body twice)",
        script: "\(curl) --anyauth \(user) -H 'Expect:' \(body) $MOCKAUTH_URL", expectedStatus: 0),
    AuthCase(scenario: "post-401-resend-body", client: "requests", script: requestsAdapter, expectedStatus: 0),
    AuthCase(
        scenario: "post-401-resend-body", client: "a client that retries the challenged POST without its body",
        script: "\(curl) \(body) $MOCKAUTH_URL; \(curl) -X POST \(user) $MOCKAUTH_URL", expectedStatus: 1,
        mustMention: "POST / carried no body; it should have carried the 65544 bytes the client was given"),
    AuthCase(
        scenario: "redirect-303-drops-body", client: "curl -L (GET after 303)",
        script: "\(curl) -L \(body) $MOCKAUTH_URL",
        expectedStatus: 0),
    AuthCase(scenario: "redirect-303-drops-body", client: "requests", script: requestsAdapter, expectedStatus: 0),
    AuthCase(
        scenario: "redirect-303-drops-body",
        client: "curl POST, then HEAD of the 303's Location (RFC 9110 allows HEAD)",
        script: #"next=$(\#(curl) -w '%{redirect_url}' \#(body) $MOCKAUTH_URL) && \#(curl) -I "$next""#,
        expectedStatus: 0, mustMention: "the HEAD that origin served carried no body"),
    AuthCase(
        scenario: "redirect-303-drops-body", client: "curl -L -X POST (the method forced onto the redirect)",
        script: "\(curl) -L -X POST \(body) $MOCKAUTH_URL", expectedStatus: 1,
        mustMention: "POST /result was answered 200 but should have been a GET"),
    AuthCase(
        scenario: "redirect-307-keeps-body", client: "curl -L (POST again after 307)",
        script: "\(curl) -L \(body) $MOCKAUTH_URL", expectedStatus: 0),
    AuthCase(
        scenario: "redirect-307-keeps-body", client: "Python's urllib (does not follow a 307 for a POST)",
        script: urllib, expectedStatus: 0, mustMention: "the client did not follow origin's redirect"),
    AuthCase(
        scenario: "redirect-307-keeps-body", client: "a client that follows a 307 with a bodiless GET",
        script: #"""
            location=$(curl -sS -o /dev/null -w '%{redirect_url}' --cacert "$MOCKAUTH_CA_FILE" \#(body) "$MOCKAUTH_URL")
            \#(curl) "$location"
            """#,
        expectedStatus: 1, mustMention: "GET /v2/submit was answered 200 but should have been a POST"),
    AuthCase(
        scenario: "ntlm-connection-close", client: "pyspnego NTLM, starting again on a new connection",
        script: #"python3 "$CLIENTS/ntlm_switching_client.py" --same-connection"#, expectedStatus: 0),
    AuthCase(
        scenario: "ntlm-connection-close", client: "requests-ntlm (type 3 on the new connection)",
        script: requestsAdapter, expectedStatus: 1,
        mustMention: "answered the handshake on connection #2, which never received the server's challenge message"),
    AuthCase(
        scenario: "ntlm-connection-close", client: "wget 1.21.3 (GnuTLS 3.7.9) through its adapter",
        script: ClientScript.wget, expectedStatus: 1,
        note: "its type 3 (8-bit names under the Unicode flag) goes to a new connection: refused as switching "
            + "connections, which it did, not as unreadable",
        mustMention: "answered the handshake on connection #2, which never received the server's challenge message"),
    AuthCase(
        scenario: "ntlm-connection-close", client: "curl 7.88 --ntlm (gives up after the close)",
        script: #"\#(curl) --ntlm \#(ntlmUser) $MOCKAUTH_URL"#, expectedStatus: 1,
        mustMention: "the handshake stopped after the server's challenge message"),
    AuthCase(
        scenario: "connection-reuse-other-credentials", client: "pyspnego NTLM, bob on a new connection",
        script: #"python3 "$CLIENTS/ntlm_two_users_client.py""#, expectedStatus: 0),
    AuthCase(
        scenario: "connection-reuse-other-credentials", client: "curl --ntlm … --next --ntlm as bob (one invocation)",
        script: #"""
            set -- $MOCKAUTH_URLS
            \#(curl) --ntlm -u "$MOCKAUTH_DOMAIN\\$MOCKAUTH_USERNAME:$MOCKAUTH_PASSWORD" "$1" \
              --next -sS -o /dev/null --max-time 10 --cacert "$MOCKAUTH_CA_FILE" --ntlm \
              -u "$MOCKAUTH_DOMAIN_2\\$MOCKAUTH_USERNAME_2:$MOCKAUTH_PASSWORD_2" "$2"
            """#, expectedStatus: 0),
    AuthCase(
        scenario: "connection-reuse-other-credentials", client: "pyspnego NTLM reusing alice's connection for bob",
        script: #"python3 "$CLIENTS/ntlm_two_users_client.py" --reuse-connection"#, expectedStatus: 1,
        mustMention: "GET /b was served as alice without credentials of its own, on connection #1"),
    AuthCase(
        scenario: "connection-reuse-other-credentials", client: "requests-ntlm 1.3.0 (pooled connection)",
        script: requestsAdapter, expectedStatus: 1, mustMention: "GET /b was served as alice"),
    AuthCase(
        scenario: "digest-auth-int-body", client: "hashlib Digest client (auth-int over the body)",
        script: "\(digestClient) SHA-256 --qop auth-int", expectedStatus: 0),
    AuthCase(
        scenario: "digest-auth-int-body", client: "hashlib Digest client hashing an empty body",
        script: "\(digestClient) SHA-256 --qop auth-int --hash-empty-body", expectedStatus: 1,
        mustMention: "its Digest auth-int response did not verify against the body the server received"),
    AuthCase(
        scenario: "digest-auth-int-body", client: "requests (no auth-int)", script: requestsAdapter,
        expectedStatus: 1),
]

@Suite("Auth scenarios with real clients")
struct AuthCheckTests {
    static let clients = MockAuthDBinary.repositoryRoot.appendingPathComponent("Tests/Clients").path

    @Test(arguments: authMatrix + headerLeakMatrix + redirectMatrix + bodyMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }

    @Test("every auth and proxy scenario of the catalog is exercised, with a passing and a failing client")
    func coverage() throws {
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: MockAuthDBinary.scenarios)
            .filter { $0.hasSuffix(".yaml") && !$0.hasPrefix("tls-") }.map { String($0.dropLast(5)) }
        for scenario in scenarios {
            let cases =
                (authMatrix + headerLeakMatrix + redirectMatrix + bodyMatrix + http2Matrix + protocolVersionMatrix
                + tls13OnlyMatrix
                + challengeMatrix + httpsProxyMatrix + cookieMatrix + socksMatrix + hstsMatrix + oauthMatrix
                + kerberosMatrix)
                .filter {
                    $0.scenario == scenario
                }
            #expect(cases.contains { $0.expectedStatus == 0 }, "\(scenario) has no passing client")
            // protection-space-reuse is a 'should' by design: its defect is reported, never failed.
            if scenario != "protection-space-reuse" {
                #expect(cases.contains { $0.expectedStatus == 1 }, "\(scenario) has no failing client")
            }
        }
    }
}

/// What the real-curl cases lean on: the line a skip writes to `MOCKAUTH_SKIP_LOG`, and curl's
/// version, read from `curl --version` and matched against a case's ``AuthCase/curl``.
@Suite("Skips written for CI, and curl's version")
struct SkipLogTests {
    /// A file of its own in the temporary directory, removed after `body`.
    private func withTemporaryFile(_ body: (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("skips-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await body(path)
    }

    @Test("a missing tool's skip appends one line, context first, to the log file")
    func missingToolLine() async throws {
        try await withTemporaryFile { path in
            let message = Tool.missingMessage([.chromium])
            SkipLog.record(context: "Module.Suite.test() case", message: message, to: path)
            SkipLog.record(context: "Module.Other.test()", message: "two\nlines", to: path)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text == "Module.Suite.test() case: \(message)\nModule.Other.test(): two lines\n")
            #expect(message.hasPrefix("needs chromium, which is missing here; install: apt-get install chromium"))
        }
    }

    @Test("lines appended at once from many tasks stay whole")
    func parallelAppends() async throws {
        try await withTemporaryFile { path in
            let padding = String(repeating: "x", count: 900)
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<64 {
                    group.addTask { SkipLog.record(context: "test \(index)", message: padding, to: path) }
                }
            }
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 64)
            #expect(Set(lines).count == 64 && lines.allSatisfy { $0.hasSuffix(": \(padding)") })
        }
    }

    @Test("curl's version is libcurl's, from the first line of curl --version")
    func curlVersionLine() {
        let debian = "curl 7.88.1 (x86_64-pc-linux-gnu) libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13 nghttp2/1.52.0"
        #expect(CurlVersion(versionLine: debian) == CurlVersion(7, 88, 1))
        let homebrew = "curl 8.11.1 (aarch64-apple-darwin24.2.0) libcurl/8.11.1 OpenSSL/3.4.0 (SecureTransport)"
        #expect(CurlVersion(versionLine: homebrew) == CurlVersion(8, 11, 1))
        #expect(CurlVersion(versionLine: "curl 8.12.0-DEV (x86_64-pc-linux-gnu)") == CurlVersion(8, 12, 0))
        #expect(CurlVersion(versionLine: "OpenSSL 3.0.17 1 Jul 2025") == nil)
        #expect(CurlVersion("7.88") == CurlVersion(7, 88, 0) && CurlVersion("7") == nil && CurlVersion("a.b") == nil)
    }

    @Test("a case keyed on curl's version holds for the releases it names, and says which")
    func versionRanges() {
        let recorded = CurlVersions.recordedWith(7, 88)
        #expect(recorded.contains(CurlVersion(7, 88, 1)) && !recorded.contains(CurlVersion(7, 89)))
        #expect(!recorded.contains(CurlVersion(7, 87, 9)) && !recorded.contains(CurlVersion(8, 0)))
        #expect(recorded.description == "curl 7.88.x")
        let before = CurlVersions.releases(CurlVersion(7, 88)..<CurlVersion(8, 7))
        #expect(before.contains(CurlVersion(8, 6, 9)) && !before.contains(CurlVersion(8, 7)))
        #expect(before.description == "curl 7.88.0 up to (not including) 8.7.0")
        let later = CurlVersions.releases(CurlVersion(8, 7)...)
        #expect(later.contains(CurlVersion(8, 7)) && later.contains(CurlVersion(9, 0)))
        #expect(!later.contains(CurlVersion(8, 6, 9)))
        #expect(later.description == "curl 8.7.0 or later")
    }

    @Test("every keyed pair of real-curl cases covers the releases from 7.88 on without a gap or an overlap")
    func keyedCasesMeet() {
        let keyed = (authMatrix + http2Matrix).filter { $0.curl != nil }
        let pairs = Dictionary(grouping: keyed) { "\($0.scenario) \($0.script)" }
        #expect(pairs.count == 2)
        for (name, cases) in pairs {
            let ranges = cases.compactMap(\.curl).sorted { $0.from < $1.from }
            #expect(ranges.count == 2 && ranges.first?.before == ranges.last?.from, "\(name)")
            #expect(ranges.first?.from == CurlVersion(7, 88) && ranges.last?.before == nil, "\(name)")
        }
    }

    @Test("this machine's curl, when it has one, says its version")
    func thisMachinesCurl() async {
        guard await Tool.curl.isAvailable else { return }
        #expect(await Tool.curlVersion != nil)
    }
}
