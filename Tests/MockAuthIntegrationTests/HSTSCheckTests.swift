import Foundation
import Testing

/// Sets `"$@"` to curl's `--resolve` for every name under .test the run gives.
private let resolve = #"set --; for entry in $MOCKAUTH_RESOLVE; do set -- "$@" --resolve "$entry"; done"#
/// curl 7.88.1 with an HSTS cache file shared by the run's URLs, one curl per URL as a user runs it:
/// `--hsts` reads the file before each transfer and writes it after.
private let curlWithHSTS = #"""
    hsts=$(mktemp); \#(resolve)
    status=0
    for url in $MOCKAUTH_URLS; do \#(ClientScript.curl) --hsts "$hsts" "$@" "$url" || status=1; done
    rm -f "$hsts"; exit $status
    """#
/// The same, every URL in one curl: the cache carries over between the transfers of one process.
private let curlWithHSTSOneProcess = #"""
    hsts=$(mktemp); \#(resolve)
    \#(ClientScript.curl) -o /dev/null --hsts "$hsts" "$@" $MOCKAUTH_URLS; status=$?
    rm -f "$hsts"; exit $status
    """#
/// curl 7.88.1 without `--hsts`: its HSTS engine is off, and it follows the http:// URL as given.
private let curlWithoutHSTS = #"""
    \#(resolve)
    status=0
    for url in $MOCKAUTH_URLS; do \#(ClientScript.curl) "$@" "$url" || status=1; done
    exit $status
    """#
/// Hand-written (`Tests/Clients/hsts_any_transport_client.py`): notes the field over any transport.
private let anyTransportClient = #"python3 "$CLIENTS/hsts_any_transport_client.py""#

/// The HSTS scenarios (issue 24 item 3), with real clients that pass and realistic defective ones
/// that are caught. Versions: curl 7.88.1 (OpenSSL 3.0.22; its Features line lists HSTS), requests 2.34.2 and
/// urllib of CPython 3.11.7 (no HSTS store: they fetch the http:// URL as given).
let hstsMatrix: [AuthCase] = [
    AuthCase(
        scenario: "hsts-upgrade", client: "curl 7.88.1 --hsts FILE, one curl per URL", script: curlWithHSTS,
        expectedStatus: 0, note: "the second curl reads the policy from the file and switches to https on the port",
        mustMention: "GET /next reached secure"),
    AuthCase(
        scenario: "hsts-upgrade", client: "curl 7.88.1 --hsts FILE, both URLs in one curl",
        script: curlWithHSTSOneProcess, expectedStatus: 0),
    AuthCase(
        scenario: "hsts-upgrade", client: "curl 7.88.1 without --hsts", script: curlWithoutHSTS, expectedStatus: 1,
        note: "it sends GET /next HTTP/1.1 in plain text to the TLS port (curl: empty reply from server)",
        mustMention: "the client sent an HTTP request (GET) in plain text to secure"),
    AuthCase(
        scenario: "hsts-upgrade", client: "a hand-written client noting the field over any transport",
        script: anyTransportClient, expectedStatus: 1,
        note: "it upgrades here, but fails the control, so it is not credited",
        mustMention: "INCONCLUSIVE"),
    AuthCase(
        scenario: "hsts-upgrade", client: "a client that never sends a request", script: "exit 1",
        expectedStatus: 1, note: "it never received the policy: not credited", mustMention: "INCONCLUSIVE"),
    AuthCase(
        scenario: "hsts-upgrade", client: "requests (no HSTS store)", script: ClientScript.requests,
        expectedStatus: 1,
        note:
            "it fetches the http:// URL as given; conform, whose table says requests lacks hsts, makes it UNSUPPORTED",
        mustMention: "it ignored the host's Strict-Transport-Security"),
    AuthCase(
        scenario: "hsts-upgrade", client: "urllib (no HSTS store)", script: ClientScript.urllib,
        expectedStatus: 1,
        note: "it fetches the http:// URL as given; conform, whose table says urllib lacks hsts, makes it UNSUPPORTED",
        mustMention: "it ignored the host's Strict-Transport-Security"),
    AuthCase(
        scenario: "hsts-not-over-http", client: "curl 7.88.1 --hsts FILE", script: curlWithHSTS, expectedStatus: 0,
        note: "curl notes the field only from an HTTPS response"),
    AuthCase(
        scenario: "hsts-not-over-http", client: "a hand-written client noting the field over any transport",
        script: anyTransportClient, expectedStatus: 1,
        note: "it sends a ClientHello to the plain server for /next",
        mustMention: "it took a Strict-Transport-Security field sent over plain HTTP for the host's policy"),
]

@Suite("HSTS scenarios with real clients")
struct HSTSCheckTests {
    @Test(arguments: hstsMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }

    @Test("the transcript shows the plain-text request on the TLS port by its method alone, over sockets")
    func plainTextOnTheWire() async throws {
        let result = try await MockAuthDBinary.check("hsts-upgrade", curlWithoutHSTS, extraArguments: ["--json"])
        #expect(result.status == 1, "\(result.output)\n\(result.error)")
        let connections = try MockAuthDBinary.connections(to: "secure", inCheckJSON: result.output)
        let handshakes = connections.compactMap { $0["tls"] as? [String: Any] }
        #expect(handshakes.count == 2, "\(connections)")
        #expect(handshakes.first?["state"] as? String == "completed", "\(connections)")
        #expect(handshakes.first?["plainHTTPMethod"] == nil, "\(connections)")
        let plain = try #require(handshakes.last)
        #expect(plain["state"] as? String == "failed", "\(plain)")
        #expect(plain["plainHTTPMethod"] as? String == "GET", "\(plain)")
        #expect(plain["error"] as? String == "HTTP_REQUEST", "BoringSSL's reason: \(plain)")
        #expect((connections.last?["requests"] as? [Any])?.isEmpty == true, "\(connections)")
    }
}
