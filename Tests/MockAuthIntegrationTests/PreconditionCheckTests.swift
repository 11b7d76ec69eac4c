import Foundation
import MockAuthTestSupport
import MockAuthTesting
import Testing

/// A client that keeps every cookie by name and sends all of them with every later request, to any
/// host, path or scheme (curl with the cookie pairs of every Set-Cookie it saw as one `-H Cookie`):
/// the defect the cookie scenarios exist for.
let curlSendingEveryCookie = #"""
    set --; for entry in $MOCKAUTH_RESOLVE; do set -- "$@" --resolve "$entry"; done
    cookies=""; headers=$(mktemp); status=0
    for url in $MOCKAUTH_URLS; do
        curl -sS -o /dev/null --max-time 10 ${MOCKAUTH_CA_FILE:+--cacert "$MOCKAUTH_CA_FILE"} -D "$headers" \
            ${cookies:+-H "Cookie: $cookies"} "$@" "$url" || status=1
        for pair in $(tr -d '\r' < "$headers" | sed -n 's/^[Ss]et-[Cc]ookie: *\([^;]*\).*/\1/p'); do
            cookies="${cookies:+$cookies; }$pair"
        done
    done
    rm -f "$headers"; exit $status
    """#
/// curl without `-b` or `-c`: its cookie engine is off, it sends back no cookie at all.
let curlKeepingNoCookies = #"""
    status=0
    for url in $MOCKAUTH_URLS; do curl -sS -o /dev/null --max-time 10 "$url" || status=1; done
    exit $status
    """#

private let adapters = #""$CLIENTS/../../Conformance/adapters""#
/// aiohttp 3.14.5's ClientSession with its default CookieJar, through the reference adapter.
private let aiohttp = #"python3 \#(adapters)/aiohttp_adapter.py"#
/// Java 17's HttpURLConnection through its reference adapter (`java.sh`: names through the hosts file).
private let javaURLConnection = ClientScript.javaAdapter + "\njava_adapter urlconnection"
/// Java 17's HttpClient, the same way.
private let javaHTTPClient = ClientScript.javaAdapter + "\njava_adapter httpclient"
/// GNU wget through the reference adapter (its own /etc/hosts in a private namespace).
private let wget = #"\#(adapters)/wget.sh"#

/// Preconditions with real clients (issue 34): a client whose jar declines a step the scenario
/// relies on is INCONCLUSIVE, with the step in the reason; a client with the defect still FAILs.
/// Versions: aiohttp 3.14.5, OpenJDK 17.0.21, GNU wget 1.21.3, curl 7.88.1.
let preconditionMatrix: [AuthCase] = [
    AuthCase(
        scenario: "cookie-host-only", client: "Java 17 HttpURLConnection (CookieManager)", script: javaURLConnection,
        expectedStatus: 1, note: "CookieManager refuses region=eu; Domain=cookie.test (no leading dot): nothing leaked",
        mustMention:
            "none carried cookie region, which a server set, so whether it keeps sid, a host-only cookie of api.cookie.test, from www.cookie.test is not known"
    ),
    AuthCase(
        scenario: "cookie-host-only", client: "Java 17 HttpURLConnection (CookieManager), verdict",
        script: javaURLConnection, expectedStatus: 1, mustMention: "cookie-host-only: INCONCLUSIVE"),
    AuthCase(
        scenario: "cookie-public-suffix-domain", client: "Java 17 HttpClient (CookieManager)", script: javaHTTPClient,
        expectedStatus: 1, note: "it refuses theme; Domain=shop.test too, so api.shop.test gets no cookie",
        mustMention: "cookie-public-suffix-domain: INCONCLUSIVE"),
    AuthCase(
        scenario: "cookie-secure-over-http", client: "GNU wget 1.21.3", script: wget, expectedStatus: 1,
        note: "wget binds a cookie without Domain to the port that set it: nothing goes to the plain port",
        mustMention:
            "none carried cookie lang, which a server set, so whether it keeps the Secure cookie sid off plain HTTP is not known"
    ),
    AuthCase(
        scenario: "cookie-secure-over-http", client: "GNU wget 1.21.3, verdict", script: wget, expectedStatus: 1,
        mustMention: "cookie-secure-over-http: INCONCLUSIVE"),
    AuthCase(
        scenario: "cookie-path-scoped", client: "aiohttp 3.14.5 (default CookieJar) on localhost", script: aiohttp,
        expectedStatus: 0, note: "on a host name its default jar keeps cookies, and matches paths by segment"),
    AuthCase(
        scenario: "cookie-returned", client: "aiohttp 3.14.5 (default CookieJar) on localhost", script: aiohttp,
        expectedStatus: 0, note: "the control runs on localhost: aiohttp refuses cookies from IP addresses only"),
    AuthCase(
        scenario: "cookie-host-only", client: "curl sending every cookie everywhere", script: curlSendingEveryCookie,
        expectedStatus: 1, note: "the defect: the host-only sid reaches www",
        mustMention: "cookie-host-only: FAIL"),
    AuthCase(
        scenario: "cookie-path-scoped", client: "curl sending every cookie everywhere", script: curlSendingEveryCookie,
        expectedStatus: 1, note: "the defect: sid reaches /admin", mustMention: "received cookie sid with GET /admin"),
    AuthCase(
        scenario: "cookie-secure-over-http", client: "curl sending every cookie everywhere",
        script: curlSendingEveryCookie, expectedStatus: 1, note: "the defect: the Secure sid goes over plain HTTP",
        mustMention: "received cookie sid with GET /page"),
    AuthCase(
        scenario: "cookie-path-scoped", client: "curl without a cookie jar", script: curlKeepingNoCookies,
        expectedStatus: 1, note: "no cookie ever comes back: nothing is known of paths",
        mustMention: "cookie-path-scoped: INCONCLUSIVE"),
]

@Suite("Preconditions with real clients: a declined step is INCONCLUSIVE, the defect still FAILs")
struct PreconditionCheckTests {
    @Test(arguments: preconditionMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }

    /// The catalog's cookie-path-scoped with its origin on 127.0.0.1, as it was before it moved to
    /// localhost: aiohttp's default CookieJar refuses every cookie from an IP address.
    func pathScopedOnIPAddress() throws -> String {
        let catalog = try String(
            contentsOfFile: MockAuthDBinary.scenarios + "/cookie-path-scoped.yaml", encoding: .utf8)
        let yaml = catalog.replacingOccurrences(of: "    host: localhost\n", with: "")
        #expect(yaml != catalog, "cookie-path-scoped no longer names localhost")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cookie-path-scoped-ip-\(UUID().uuidString.lowercased()).yaml"
        ).path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("aiohttp's default CookieJar on 127.0.0.1 keeps no cookie: INCONCLUSIVE, naming the step it declined")
    func aiohttpOnIPAddress() async throws {
        let file = try pathScopedOnIPAddress()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let script = #"CLIENTS="\#(AuthCheckTests.clients)"; "# + aiohttp
        let result = try await MockAuthDBinary.check(file, script)
        let context = "stdout:\n\(result.output)\nstderr:\n\(result.error)"
        #expect(result.status == 1, "\(context)")
        #expect(result.output.contains(": INCONCLUSIVE"), "\(context)")
        #expect(
            result.output.contains(
                "? receives (precondition): origin (http://127.0.0.1:"),
            "\(context)")
        #expect(
            result.output.contains(
                "and none carried cookie sid, which a server set, so whether it keeps sid, set with Path=/account, from /admin and /accounting is not known"
            ), "\(context)")
    }

    @Test("check --json: the precondition's finding says so, and the others keep their JSON")
    func checkJSON() async throws {
        let result = try await MockAuthDBinary.check(
            "cookie-path-scoped", curlKeepingNoCookies, extraArguments: ["--json"])
        #expect(result.status == 1, "\(result.output)\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let verdict = try #require(object["verdict"] as? [String: Any])
        #expect(verdict["result"] as? String == "inconclusive", "\(verdict)")
        let findings = try #require(verdict["findings"] as? [[String: Any]])
        #expect(findings.map { $0["precondition"] as? Bool } == [true, true, nil, nil], "\(findings)")
    }

    /// Fetches every URL of `run` with `script` (the MOCKAUTH_* environment of the run).
    func fetch(_ run: ScenarioRun, _ script: String) async throws {
        let environment = run.environment.map { "\($0.key)=\($0.value)" }
        _ = try await Shell.execute(["/usr/bin/env"] + environment + ["/bin/bash", "-c", script], timeout: 60)
    }

    @Test("withScenario: a client that sends no cookie back is INCONCLUSIVE, one that sends them everywhere FAILs")
    func withScenarioFace() async throws {
        let catalog = ScenarioCatalog.directory(MockAuthDBinary.scenarios)
        let declined = try await withScenario("cookie-path-scoped", catalog: catalog) { run in
            try await fetch(run, curlKeepingNoCookies)
        }
        #expect(declined.result == .inconclusive, "\(declined.report)")
        #expect(declined.violations.isEmpty)
        let onlyPreconditions = declined.inconclusiveReasons.filter { !$0.precondition }.isEmpty
        #expect(onlyPreconditions, "\(declined.report)")
        #expect(
            declined.reason.contains("none carried cookie sid, which a server set, so whether it keeps sid"),
            "\(declined.reason)")

        let leaking = try await withScenario("cookie-path-scoped", catalog: catalog) { run in
            try await fetch(run, curlSendingEveryCookie)
        }
        #expect(leaking.result == .fail, "\(leaking.report)")
        #expect(leaking.violations.map(\.rule.description) == ["never-receives", "never-receives"])
        // A FAIL is judged on the control too: this client passes it (it sends the cookie where the
        // control expects it), so what it fails here is this scenario's own defect, and the FAIL stands.
        #expect(leaking.control?.result == .pass, "\(leaking.report)")
    }
}
