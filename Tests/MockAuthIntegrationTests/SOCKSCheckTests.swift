import Foundation
import Testing

/// curl through the SOCKS5 proxy it was given (`-x socks5://…`: it resolves the name itself and
/// sends the address), verifying the origin against the CA file only.
private let curlThroughSOCKS = #"\#(ClientScript.curl) -x "$MOCKAUTH_PROXY_URL""#
private let proxyUser = #"--proxy-user "$MOCKAUTH_PROXY_USERNAME:$MOCKAUTH_PROXY_PASSWORD""#
/// requests 2.34.2 through the SOCKS5 proxy it was given with `verify=False`, as a user silencing a
/// certificate error does.
private let requestsUnverified = #"""
    python3 -c 'import os, requests, urllib3
    urllib3.disable_warnings()
    session = requests.Session(); session.trust_env = False
    proxy = os.environ["MOCKAUTH_PROXY_URL"]
    answer = session.get(os.environ["MOCKAUTH_URL"], proxies={"https": proxy}, verify=False, timeout=10)
    raise SystemExit(0 if answer.ok else 1)'
    """#
/// The origin's port, from `MOCKAUTH_URL` (`https://api.remote.test:PORT/`).
private let originPort = #"port=${MOCKAUTH_URL##*:}; port=${port%%/*}"#
/// The proxy as `socks5://`: the `h` of the `socks5h://` it was given dropped, so the client
/// resolves names itself.
private let localDNSProxy = #"socks5://${MOCKAUTH_PROXY_URL#socks5h://}"#
/// Java 17's HttpURLConnection through its reference adapter, given no proxy account: the JDK then
/// answers RFC 1929's step with the login name (`user.name`) and an empty password.
private let javaWithoutProxyAccount =
    ClientScript.javaAdapter + "\nunset MOCKAUTH_PROXY_USERNAME MOCKAUTH_PROXY_PASSWORD\n"

/// The SOCKS5 scenarios (issue 24 item 4: `socks5`, `socks5-auth`, `socks5-wrong-password`), each with real clients that pass and a realistic
/// defective one that is caught. Versions: curl 7.88.1 (OpenSSL 3.0), requests 2.34.2 with urllib3
/// 2.8.0 and PySocks 1.7.1 (CPython 3.11), urllib of CPython 3.11.
let socksMatrix: [AuthCase] = [
    AuthCase(
        scenario: "socks5", client: "curl 7.88.1 -x socks5://…",
        script: "\(curlThroughSOCKS) $MOCKAUTH_URL", expectedStatus: 0,
        note: "greeting with 'no authentication', CONNECT by IPv4 address, TLS to the origin through the tunnel"),
    AuthCase(
        scenario: "socks5", client: "curl 7.88.1 --socks5-hostname",
        script: #"\#(ClientScript.curl) --socks5-hostname "${MOCKAUTH_PROXY_URL#socks5://}" $MOCKAUTH_URL"#,
        expectedStatus: 0, note: "the proxy resolves names; an IP literal such as 127.0.0.1 still goes as IPv4"),
    AuthCase(
        scenario: "socks5", client: "requests 2.34.2 (urllib3 2.8.0, PySocks 1.7.1, socks5:// proxy)",
        script: ClientScript.requests, expectedStatus: 0),
    AuthCase(
        scenario: "socks5", client: "curl 7.88.1 -x socks5://… --noproxy 127.0.0.1 (as NO_PROXY=127.0.0.1 does)",
        script: #"\#(curlThroughSOCKS) --noproxy 127.0.0.1 $MOCKAUTH_URL"#, expectedStatus: 1,
        note: "it goes to the origin directly: the origin is served, the proxy never sees it",
        mustMention: "the client never connected to proxy"),
    AuthCase(
        scenario: "socks5", client: "curl 7.88.1 told the proxy is http:// (its URL rewritten)",
        script: #"\#(ClientScript.curl) -x "http://${MOCKAUTH_PROXY_URL#socks5://}" $MOCKAUTH_URL"#,
        expectedStatus: 1,
        note: "its HTTP CONNECT is not SOCKS5: the proxy closes the connection at once, and says what it was",
        mustMention: "the client sent an HTTP request (CONNECT 127.0.0.1:", mustNotMention: "InvalidProtocolVersion"),
    AuthCase(
        scenario: "socks5", client: "urllib (CPython 3.11: no SOCKS proxies)", script: ClientScript.urllib,
        expectedStatus: 1,
        note: "ProxyHandler takes the socks5:// URL for an HTTP proxy; conform's table makes it UNSUPPORTED",
        mustMention: "the client sent an HTTP request (CONNECT 127.0.0.1:", mustNotMention: "InvalidProtocolVersion"),
    AuthCase(
        scenario: "socks5", client: "a client that never sends a request", script: "exit 1", expectedStatus: 1,
        mustMention: "never connected"),
    AuthCase(
        scenario: "socks5-auth", client: "curl 7.88.1 -x socks5://… --proxy-user",
        script: "\(curlThroughSOCKS) \(proxyUser) $MOCKAUTH_URL", expectedStatus: 0,
        note: "it offers username/password besides 'no authentication' and GSS-API, and answers RFC 1929's step"),
    AuthCase(
        scenario: "socks5-auth", client: "requests 2.34.2 (PySocks 1.7.1, credentials in the proxy URL)",
        script: ClientScript.requests, expectedStatus: 0),
    AuthCase(
        scenario: "socks5-auth", client: "curl 7.88.1 -x socks5://… without the proxy credentials it was given",
        script: "\(curlThroughSOCKS) $MOCKAUTH_URL", expectedStatus: 1,
        note: "it offers only 'no authentication' and GSS-API: 0xFF, and no CONNECT; said in SOCKS terms",
        mustMention:
            "the client greeted the SOCKS5 proxy offering no-authentication, gssapi, none of which the proxy accepts",
        mustNotMention: "plain HTTP"),
    AuthCase(
        scenario: "socks5-auth", client: "urllib (CPython 3.11: no SOCKS proxies)", script: ClientScript.urllib,
        expectedStatus: 1,
        note: "ProxyHandler takes the socks5:// URL for an HTTP proxy; conform's table makes it UNSUPPORTED",
        mustMention: "the client sent an HTTP request (CONNECT 127.0.0.1:", mustNotMention: "InvalidProtocolVersion"),
    AuthCase(
        scenario: "socks5-wrong-password", client: "curl 7.88.1 --proxy-user (one attempt)",
        script: "\(curlThroughSOCKS) \(proxyUser) $MOCKAUTH_URL", expectedStatus: 0,
        note: "status 1 to its step: it reports the failure (exit 97) and stops"),
    AuthCase(
        scenario: "socks5-wrong-password", client: "requests 2.34.2 (PySocks 1.7.1)", script: ClientScript.requests,
        expectedStatus: 0, note: "ProxyError: SOCKS5 authentication failed, once"),
    AuthCase(
        scenario: "socks5-wrong-password",
        client: "Java 17 HttpURLConnection (java.sh urlconnection) given no proxy account",
        script: javaWithoutProxyAccount + "java_adapter urlconnection", expectedStatus: 1,
        note: "the JDK sends its login name with an empty password (malformed: RFC 1929 wants 1 to 255 bytes), twice: "
            + "each step an attempt, not 'never sent credentials'; it fails the control (socks5-auth) the same way, "
            + "so the verdict is INCONCLUSIVE",
        mustMention: "✓ max-attempts: the client stopped after 2 refused attempts"),
    AuthCase(
        scenario: "socks5-wrong-password",
        client: "Java 17 HttpURLConnection given no proxy account, run three times (a retrying wrapper)",
        script: javaWithoutProxyAccount + "for run in 1 2 3; do java_adapter urlconnection; done", expectedStatus: 1,
        note: "six steps with an empty password",
        mustMention:
            "6 times (at most 3 allowed; last: a step for user root the proxy could not read: an empty password"),
    AuthCase(
        scenario: "socks5-wrong-password", client: "curl 7.88.1 --retry 4 --retry-all-errors (a retrying wrapper)",
        script: "\(curlThroughSOCKS) \(proxyUser) --retry 4 --retry-all-errors --retry-delay 1 $MOCKAUTH_URL",
        expectedStatus: 1, note: "five refused steps, a second apart",
        mustMention: "it does not give up on a bad SOCKS5 password"),
    AuthCase(
        scenario: "socks5h-remote-dns", client: "curl 7.88.1 -x socks5h://…",
        script: "\(curlThroughSOCKS) $MOCKAUTH_URL", expectedStatus: 0,
        note: "CONNECT api.remote.test:PORT by domain name; the proxy resolves it; the verdict names it socks5h://",
        mustMention: "the client sent proxy (socks5h://127.0.0.1:"),
    AuthCase(
        scenario: "socks5h-remote-dns", client: "curl 7.88.1 --socks5-hostname --cacert",
        script: #"\#(ClientScript.curl) --socks5-hostname "${MOCKAUTH_PROXY_URL#socks5h://}" $MOCKAUTH_URL"#,
        expectedStatus: 0, note: "the origin's certificate names api.remote.test, which curl checks"),
    AuthCase(
        scenario: "socks5h-remote-dns",
        client: "curl 7.88.1 --socks5 to https://127.0.0.1:PORT/ with Host: api.remote.test (checks 127.0.0.1)",
        script:
            #"\#(originPort); \#(ClientScript.curl) --socks5 "${MOCKAUTH_PROXY_URL#socks5h://}" -H "Host: api.remote.test:$port" "https://127.0.0.1:$port/""#,
        expectedStatus: 1,
        note:
            "the certificate names api.remote.test alone, not the address curl dialled and checks: curl refuses it (exit 60)",
        mustMention: "(the command exited with status 60)"),
    AuthCase(
        scenario: "socks5h-remote-dns", client: "requests 2.34.2 (urllib3 2.8.0, PySocks 1.7.1, socks5h:// proxy)",
        script: ClientScript.requests, expectedStatus: 0, note: "PySocks sends the name (rdns)"),
    AuthCase(
        scenario: "socks5h-remote-dns", client: "curl 7.88.1 -x socks5://… --resolve api.remote.test:PORT:127.0.0.1",
        script:
            #"\#(originPort); \#(ClientScript.curl) -x "\#(localDNSProxy)" --resolve "api.remote.test:$port:127.0.0.1" $MOCKAUTH_URL"#,
        expectedStatus: 1, note: "it resolves the name itself and sends CONNECT 127.0.0.1:PORT by IPv4 address",
        mustMention: "by IPv4 address, not by name: it resolved the origin's name itself"),
    AuthCase(
        scenario: "socks5h-remote-dns",
        client: "requests 2.34.2 (PySocks 1.7.1) with a socks5:// proxy and a local mapping of api.remote.test",
        script:
            #"\#(originPort); MOCKAUTH_PROXY_URL="\#(localDNSProxy)" MOCKAUTH_RESOLVE="api.remote.test:$port:127.0.0.1" \#(ClientScript.requests)"#,
        expectedStatus: 1, note: "PySocks without rdns looks the name up (getaddrinfo, mapped) and sends the address",
        mustMention: "by IPv4 address, not by name: it resolved the origin's name itself"),
    AuthCase(
        scenario: "socks5h-remote-dns",
        client: "curl 7.88.1 -x socks5://… with no mapping (it cannot resolve the name)",
        script: #"\#(ClientScript.curl) -x "\#(localDNSProxy)" $MOCKAUTH_URL"#, expectedStatus: 1,
        note: "it greets the proxy, fails to resolve api.remote.test and sends no CONNECT: INCONCLUSIVE, never a PASS",
        mustMention: "without a CONNECT"),
    AuthCase(
        scenario: "socks5h-remote-dns", client: "a client that never sends a request", script: "exit 1",
        expectedStatus: 1, note: "a client that refuses everything is not credited", mustMention: "INCONCLUSIVE"),
    AuthCase(
        scenario: "socks5h-remote-dns", client: "urllib (CPython 3.11: no SOCKS proxies)", script: ClientScript.urllib,
        expectedStatus: 1,
        note: "its HTTP CONNECT names the origin, but it is no SOCKS5 greeting: never credited",
        mustMention: "the client sent an HTTP request (CONNECT api.remote.test:"),
    AuthCase(
        scenario: "socks5-tls-expired", client: "curl 7.88.1 -x socks5://…",
        script: "\(curlThroughSOCKS) $MOCKAUTH_URL",
        expectedStatus: 0, note: "certificate has expired (exit 60), no request through the tunnel"),
    AuthCase(
        scenario: "socks5-tls-expired", client: "requests 2.34.2 (PySocks 1.7.1)", script: ClientScript.requests,
        expectedStatus: 0, note: "SSLError: certificate has expired"),
    AuthCase(
        scenario: "socks5-tls-expired", client: "curl 7.88.1 -x socks5://… -k",
        script: "\(curlThroughSOCKS) -k $MOCKAUTH_URL",
        expectedStatus: 1, note: "it skips verification and sends GET / through the tunnel",
        mustMention: "it accepted an expired certificate through the SOCKS5 tunnel"),
    AuthCase(
        scenario: "socks5-tls-expired", client: "requests 2.34.2 (PySocks 1.7.1) with verify=False",
        script: requestsUnverified, expectedStatus: 1,
        note: "it skips verification and sends GET / through the tunnel",
        mustMention: "it accepted an expired certificate through the SOCKS5 tunnel"),
    AuthCase(
        scenario: "socks5-tls-expired", client: "a client that never sends a request", script: "exit 1",
        expectedStatus: 1, note: "a client that refuses everything is not credited", mustMention: "INCONCLUSIVE"),
]

@Suite("SOCKS5 scenarios with real clients")
struct SOCKSCheckTests {
    @Test(arguments: socksMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }

    @Test("the transcript records curl's greeting, the method chosen, the CONNECT's address type and the reply")
    func transcriptRecordsTheNegotiation() async throws {
        let result = try await MockAuthDBinary.check(
            "socks5", "\(curlThroughSOCKS) $MOCKAUTH_URL", extraArguments: ["--json"])
        #expect(result.status == 0, "\(result.output)\n\(result.error)")
        let connections = try MockAuthDBinary.connections(to: "proxy", inCheckJSON: result.output)
        let socks = try #require(connections.first?["socks"] as? [String: Any], "\(connections)")
        // curl 7.88.1, built with GSS-API, offers it after "no authentication" when it has no user.
        #expect(socks["methodsOffered"] as? [String] == ["no-authentication", "gssapi"], "\(socks)")
        #expect(socks["methodChosen"] as? String == "no-authentication")
        #expect(socks["addressType"] as? String == "ipv4")
        #expect((socks["target"] as? String)?.hasPrefix("127.0.0.1:") == true)
        #expect(socks["reply"] as? String == "succeeded")
        let requests = connections.first?["requests"] as? [[String: Any]] ?? []
        #expect(requests.map { $0["method"] as? String } == ["CONNECT"])
        #expect(requests.map { $0["responseStatus"] as? Int } == [200])
    }
}
