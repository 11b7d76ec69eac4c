import Foundation
import Testing

/// curl told to use the proxy it was given, verifying an HTTPS proxy against the CA file only.
private let curlThroughProxy =
    #"\#(ClientScript.curl) -x "$MOCKAUTH_PROXY_URL" --proxy-cacert "$MOCKAUTH_CA_FILE""#
/// curl 7.88's documented way to skip the proxy's verification: the defect.
private let curlProxyInsecure = #"\#(ClientScript.curl) -x "$MOCKAUTH_PROXY_URL" --proxy-insecure"#
private let proxyUser = #"--proxy-user "$MOCKAUTH_PROXY_USERNAME:$MOCKAUTH_PROXY_PASSWORD""#

/// The HTTPS-proxy scenarios (issue 24 item 5), each with real clients that pass and a realistic
/// defective one that is caught. Versions: curl 7.88.1 (OpenSSL 3.0), requests 2.34.2 with urllib3
/// 2.8.0 (CPython 3.11), urllib of CPython 3.11.
let httpsProxyMatrix: [AuthCase] = [
    AuthCase(
        scenario: "proxy-https", client: "curl 7.88.1 -x https://… --proxy-cacert",
        script: "\(curlThroughProxy) $MOCKAUTH_URL", expectedStatus: 0,
        note: "TLS to the proxy, CONNECT inside it, TLS to the origin inside the tunnel"),
    AuthCase(
        scenario: "proxy-https", client: "requests 2.34.2 (urllib3 2.8.0, https:// proxy)",
        script: ClientScript.requests, expectedStatus: 0),
    AuthCase(
        scenario: "proxy-https", client: "curl 7.88.1 -x https://… --noproxy 127.0.0.1 (as NO_PROXY=127.0.0.1 does)",
        script: #"\#(curlThroughProxy) --noproxy 127.0.0.1 $MOCKAUTH_URL"#, expectedStatus: 1,
        note: "it goes to the origin directly: the origin is served, the proxy never sees it",
        mustMention: "the client never connected to proxy"),
    AuthCase(
        scenario: "proxy-https", client: "urllib (CPython 3.11: no TLS to a proxy)", script: ClientScript.urllib,
        expectedStatus: 1,
        note: "http.client sends its CONNECT in plain text to the TLS port; conform's table makes it UNSUPPORTED",
        mustMention: "CONNECT"),
    AuthCase(
        scenario: "proxy-https", client: "a client that never sends a request", script: "exit 1", expectedStatus: 1,
        mustMention: "never connected"),
    AuthCase(
        scenario: "proxy-https-expired", client: "curl 7.88.1 --proxy-cacert",
        script: "\(curlThroughProxy) $MOCKAUTH_URL", expectedStatus: 0,
        note: "OpenSSL refuses the proxy's expired leaf (certificate_expired) before any CONNECT"),
    AuthCase(
        scenario: "proxy-https-expired", client: "requests 2.34.2 (urllib3 2.8.0)", script: ClientScript.requests,
        expectedStatus: 0, note: "ProxyError: CERTIFICATE_VERIFY_FAILED, certificate has expired"),
    AuthCase(
        scenario: "proxy-https-expired", client: "curl 7.88.1 --proxy-insecure",
        script: "\(curlProxyInsecure) $MOCKAUTH_URL", expectedStatus: 1,
        note: "it skips the proxy's verification and sends its CONNECT over the expired certificate",
        mustMention: "it accepted an expired certificate from its HTTPS proxy"),
    AuthCase(
        scenario: "proxy-https-expired", client: "curl 7.88.1 given no CA file for the proxy (refuses every proxy)",
        script: #"\#(ClientScript.curl) -x "$MOCKAUTH_PROXY_URL" $MOCKAUTH_URL"#, expectedStatus: 1,
        note: "a client that refuses every HTTPS proxy fails the control, so its refusal proves nothing",
        mustMention: "INCONCLUSIVE"),
    AuthCase(
        scenario: "proxy-https-wrong-host", client: "curl 7.88.1 --proxy-cacert",
        script: "\(curlThroughProxy) $MOCKAUTH_URL", expectedStatus: 0,
        note: "no subjectAltName matches 127.0.0.1: it completes the handshake, then closes without a request"),
    AuthCase(
        scenario: "proxy-https-wrong-host", client: "requests 2.34.2 (urllib3 2.8.0)", script: ClientScript.requests,
        expectedStatus: 0, note: "ProxyError: CERTIFICATE_VERIFY_FAILED, IP address mismatch (alert bad_certificate)"),
    AuthCase(
        scenario: "proxy-https-wrong-host", client: "curl 7.88.1 --proxy-insecure",
        script: "\(curlProxyInsecure) $MOCKAUTH_URL", expectedStatus: 1,
        note: "--proxy-insecure skips the name check along with the chain",
        mustMention: "it accepted a certificate for another host from its HTTPS proxy"),
    AuthCase(
        scenario: "proxy-https-auth", client: "curl 7.88.1 --proxy-cacert --proxy-anyauth",
        script: "\(curlThroughProxy) --proxy-anyauth \(proxyUser) $MOCKAUTH_URL", expectedStatus: 0,
        note: "the 407 to its first CONNECT comes inside the proxy's TLS; curl answers it there"),
    AuthCase(
        scenario: "proxy-https-auth", client: "requests 2.34.2 (urllib3 2.8.0, credentials in the proxy URL)",
        script: ClientScript.requests, expectedStatus: 0, note: "it sends Basic on its first CONNECT, inside the TLS"),
    AuthCase(
        scenario: "proxy-https-auth", client: "curl 7.88.1 told the proxy is http:// (its URL rewritten)",
        script: #"\#(ClientScript.curl) -x "http://${MOCKAUTH_PROXY_URL#https://}" \#(proxyUser) $MOCKAUTH_URL"#,
        expectedStatus: 1,
        note:
            "its CONNECT with the proxy password goes in clear to the TLS port, whose handshake fails (HTTPS_PROXY_REQUEST)",
        mustMention: "the client never sent a request to proxy"),
    AuthCase(
        scenario: "proxy-https-auth", client: "urllib (CPython 3.11: no TLS to a proxy)",
        script: ClientScript.urllib, expectedStatus: 1,
        note:
            "its CONNECT goes in plain text to the TLS port and never reaches the proxy; conform's table makes it UNSUPPORTED",
        mustMention: "the client never sent a request to proxy"),
]

@Suite("HTTPS proxy scenarios with real clients")
struct HTTPSProxyCheckTests {
    @Test(arguments: httpsProxyMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }

    @Test("curl's 407 and its answer travel inside one TLS connection to the proxy, as the transcript shows")
    func challengeInsideTLS() async throws {
        let result = try await MockAuthDBinary.check(
            "proxy-https-auth", "\(curlThroughProxy) --proxy-anyauth \(proxyUser) $MOCKAUTH_URL",
            extraArguments: ["--json"])
        #expect(result.status == 0, "\(result.output)\n\(result.error)")
        let connections = try MockAuthDBinary.connections(to: "proxy", inCheckJSON: result.output)
        let statuses = connections.map { connection in
            (connection["requests"] as? [[String: Any]] ?? []).compactMap { $0["responseStatus"] as? Int }
        }
        #expect(statuses.flatMap(\.self) == [407, 200], "\(connections)")
        for connection in connections {
            let tls = connection["tls"] as? [String: Any]
            #expect(tls?["state"] as? String == "completed", "every proxy connection is TLS: \(connection)")
        }
    }
}
