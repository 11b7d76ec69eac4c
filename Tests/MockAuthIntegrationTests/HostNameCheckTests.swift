import Foundation
import MockAuthTestSupport
import Testing

/// Sets `"$@"` to one `--resolve` per entry of MOCKAUTH_RESOLVE, for curl.
private let resolving = #"set --; for entry in $MOCKAUTH_RESOLVE; do set -- "$@" --resolve "$entry"; done"#
private let curl = ClientScript.curl
private let curlResolving = "\(resolving); \(curl) \"$@\" $MOCKAUTH_URL"
/// Node's https.get with its own host check; urllib and requests as the conformance run uses them.
/// Each resolves MOCKAUTH_RESOLVE's names to their address and names the host itself.
private let node = ClientScript.nodeHTTPSGet
private let urllib = ClientScript.urllib
private let requests = ClientScript.requests
/// OpenSSL's own client, told to match the U-label (as a client that never converts to IDNA would).
private let opensslMatchingULabel = #"""
    port=${MOCKAUTH_URL##*:}; port=${port%%/*}
    openssl s_client -connect "127.0.0.1:$port" -servername xn--bcher-kva.test -verify_hostname bücher.test \
      -verify_return_error -CAfile "$MOCKAUTH_CA_FILE" </dev/null >/dev/null 2>&1 || exit 1
    """#

/// Python's ssl over a socket of its own, the chain verified but no server name given to
/// `wrap_socket`: a ClientHello without SNI (a client that leaves the extension out).
private let pythonWithoutServerName = #"""
    python3 -c 'import os, socket, ssl
    host, port, address = os.environ["MOCKAUTH_RESOLVE"].split(":")
    context = ssl.create_default_context(cafile=os.environ["MOCKAUTH_CA_FILE"])
    context.check_hostname = False
    with context.wrap_socket(socket.create_connection((address, int(port)), timeout=10)) as tls:
        tls.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode())
        tls.recv(4096)'
    """#

/// Names under .test, wildcards and addresses: real clients through `mockauthd check`.
let hostNameMatrix: [AuthCase] =
    ["tls-wildcard-two-labels", "tls-wildcard-public-suffix"].flatMap { scenario in
        [
            AuthCase(
                scenario: scenario, client: "curl --resolve (OpenSSL's host check)",
                script: "\(resolving); \(curl) \"$@\" $MOCKAUTH_URL", expectedStatus: 0),
            AuthCase(
                scenario: scenario, client: "curl -k --resolve",
                script: "\(resolving); \(curl) -k \"$@\" $MOCKAUTH_URL",
                expectedStatus: 1, mustMention: "over a certificate valid only for *."),
        ]
    } + [
        AuthCase(
            scenario: "tls-wildcard", client: "curl --resolve", script: "\(resolving); \(curl) \"$@\" $MOCKAUTH_URL",
            expectedStatus: 0),
        AuthCase(
            scenario: "tls-wildcard", client: "curl without --resolve (the name is in no DNS)",
            script: "\(curl) $MOCKAUTH_URL", expectedStatus: 1, mustMention: "never connected"),
        AuthCase(
            scenario: "tls-wildcard", client: "curl --resolve to the wrong name",
            script: #"\#(curl) --resolve "other.wild.test:${MOCKAUTH_RESOLVE#*:}" $MOCKAUTH_URL"#,
            expectedStatus: 1),
        AuthCase(
            scenario: "tls-sni-required", client: "curl 7.88 --resolve (SNI www.sni.test)", script: curlResolving,
            expectedStatus: 0),
        AuthCase(scenario: "tls-sni-required", client: "Python requests", script: requests, expectedStatus: 0),
        AuthCase(
            scenario: "tls-sni-required", client: "Python ssl without a server name (no SNI)",
            script: pythonWithoutServerName, expectedStatus: 1, mustMention: "it named no server (SNI)"),
        AuthCase(
            scenario: "tls-wildcard-partial-label", client: "curl 7.88 --resolve", script: curlResolving,
            expectedStatus: 0),
        AuthCase(scenario: "tls-wildcard-partial-label", client: "Python urllib", script: urllib, expectedStatus: 0),
        AuthCase(
            scenario: "tls-wildcard-partial-label", client: "Node.js 20 https.get", script: node, expectedStatus: 1,
            note: "Node's tls.checkServerIdentity matches a wildcard inside a label",
            mustMention: "it matched a wildcard inside a label"),
        AuthCase(
            scenario: "tls-wildcard-partial-label", client: "curl -k --resolve",
            script: "\(resolving); \(curl) -k \"$@\" $MOCKAUTH_URL", expectedStatus: 1),
        AuthCase(scenario: "tls-trailing-dot", client: "curl 7.88 --resolve", script: curlResolving, expectedStatus: 0),
        AuthCase(scenario: "tls-trailing-dot", client: "Node.js 20 https.get", script: node, expectedStatus: 0),
        AuthCase(scenario: "tls-trailing-dot", client: "Python requests", script: requests, expectedStatus: 0),
        AuthCase(
            scenario: "tls-trailing-dot", client: "Python 3.11 urllib", script: urllib, expectedStatus: 1,
            note: "CPython's ssl module matches the name with its final dot",
            mustMention: "it refused a valid certificate for an absolute name"),
        AuthCase(
            scenario: "tls-idn", client: "curl 7.88 (libidn2) --resolve", script: curlResolving, expectedStatus: 0),
        AuthCase(scenario: "tls-idn", client: "Node.js 20 https.get", script: node, expectedStatus: 0),
        AuthCase(scenario: "tls-idn", client: "Python urllib", script: urllib, expectedStatus: 0),
        AuthCase(
            scenario: "tls-idn", client: "openssl s_client matching the U-label", script: opensslMatchingULabel,
            expectedStatus: 1, mustMention: "it refused a certificate that names the URL's host by its A-label"),
        AuthCase(
            scenario: "tls-idn-deviation", client: "curl 7.88 (libidn2, IDNA 2008) --resolve", script: curlResolving,
            expectedStatus: 0),
        AuthCase(scenario: "tls-idn-deviation", client: "Node.js 20 https.get", script: node, expectedStatus: 0),
        AuthCase(
            scenario: "tls-idn-deviation", client: "Python requests (idna 3)", script: requests, expectedStatus: 0),
        AuthCase(
            scenario: "tls-idn-deviation", client: "Python 3.11 urllib (IDNA 2003)", script: urllib, expectedStatus: 1,
            note: "CPython's idna codec maps ß to ss", mustMention: "accepted that domain's certificate"),
        AuthCase(scenario: "tls-ip-san", client: "curl", script: "\(curl) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: "tls-ip-in-dns-san", client: "curl (matches addresses to iPAddress only)",
            script: "\(curl) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: "tls-ip-in-dns-san", client: "curl -k", script: "\(curl) -k $MOCKAUTH_URL", expectedStatus: 1,
            mustMention: "127.0.0.1 (as a DNS name)"),
        AuthCase(
            scenario: "tls-ip-in-dns-san", client: "Python ssl with check_hostname=False",
            script: #"""
                python3 -c 'import os, ssl, urllib.request
                context = ssl.create_default_context(cafile=os.environ["MOCKAUTH_CA_FILE"])
                context.check_hostname = False
                urllib.request.urlopen(os.environ["MOCKAUTH_URL"], context=context, timeout=10)'
                """#, expectedStatus: 1),
    ]

@Suite("Server names without DNS: MOCKAUTH_RESOLVE, hosts files, --isolate-hosts")
struct HostNameCheckTests {
    @Test(arguments: hostNameMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }

    // --isolate-hosts is Linux's (user and mount namespaces).
    #if os(Linux)
        /// Unmodified clients (no --resolve, no resolver of their own) reach https://api.wild.test:PORT/
        /// because check --isolate-hosts gives them an /etc/hosts that names it.
        @Test(
            "check --isolate-hosts: unmodified curl, Python and Node.js resolve the scenario's name",
            arguments: [
                ("curl", #"curl -sS -o /dev/null --max-time 10 --cacert "$MOCKAUTH_CA_FILE" "$MOCKAUTH_URL""#),
                (
                    "python3",
                    #"python3 -c 'import os, ssl, urllib.request; urllib.request.urlopen(os.environ["MOCKAUTH_URL"], context=ssl.create_default_context(cafile=os.environ["MOCKAUTH_CA_FILE"]), timeout=10)'"#
                ),
                (
                    "node",
                    #"node -e 'const fs = require("fs"); require("https").get(process.env.MOCKAUTH_URL, { ca: fs.readFileSync(process.env.MOCKAUTH_CA_FILE) }, (r) => { r.resume(); process.exitCode = r.statusCode === 200 ? 0 : 1 }).on("error", (e) => { console.error(e.message); process.exitCode = 1 })'"#
                ),
            ])
        func isolatedHosts(_ tool: String, _ script: String) async throws {
            // --isolate-hosts needs unprivileged user namespaces (a container's seccomp profile may forbid them).
            let probe = try await Shell.run("unshare --user --map-root-user --mount true")
            guard probe.status == 0 else {
                let message = "skipped: this machine does not allow user namespaces (unshare: \(probe.error))"
                if Tool.missingToolsFail {
                    Issue.record("\(message)")
                } else {
                    print(message)
                    SkipLog.record(context: SkipLog.context(fallback: #fileID), message: message)
                }
                return
            }
            let isolated = try await MockAuthDBinary.check("tls-wildcard", script, extraArguments: ["--isolate-hosts"])
            #expect(isolated.status == 0, "\(tool) with --isolate-hosts\n\(isolated.output)\n\(isolated.error)")
            let plain = try await MockAuthDBinary.check("tls-wildcard", script)
            #expect(plain.status == 1, "\(tool) without --isolate-hosts cannot resolve the name\n\(plain.output)")

            // The same at https://api.mockauth.test:PORT/, a scenario of its own (the issue's example name).
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "mockauth-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            try """
            version: 1
            summary: A valid certificate for api.mockauth.test, a name no DNS knows.
            servers:
              origin:
                host: api.mockauth.test
                tls: { profile: valid }
            expect:
              - rule: request-succeeds
                server: origin
            """.write(to: directory.appendingPathComponent("named-host.yaml"), atomically: true, encoding: .utf8)
            let named = try await Shell.execute(
                [
                    MockAuthDBinary.path, "check", "named-host", "--scenarios", directory.path, "--isolate-hosts", "--",
                    "/bin/bash", "-c", script,
                ], timeout: 90)
            #expect(named.status == 0, "\(tool) at api.mockauth.test\n\(named.output)\n\(named.error)")
            #expect(named.output.contains("https://api.mockauth.test:"), "\(named.output)")
        }

        /// The hosts file names an absolute name in both forms (glibc looks up `api.dot.test.` as written)
        /// and an internationalized one by its A-label, so an unmodified curl reaches both.
        @Test(
            "check --isolate-hosts: unmodified curl reaches an absolute and an internationalized name",
            arguments: ["tls-trailing-dot", "tls-idn"])
        func isolatedSpecialNames(_ scenario: String) async throws {
            guard try await Shell.run("unshare --user --map-root-user --mount true").status == 0 else {
                let message = "skipped: this machine does not allow user namespaces"
                if Tool.missingToolsFail {
                    Issue.record("\(message)")
                } else {
                    print(message)
                    SkipLog.record(context: SkipLog.context(fallback: #fileID), message: message)
                }
                return
            }
            let result = try await MockAuthDBinary.check(
                scenario, #"curl -sS -o /dev/null --max-time 10 --cacert "$MOCKAUTH_CA_FILE" "$MOCKAUTH_URL""#,
                extraArguments: ["--isolate-hosts"])
            #expect(result.status == 0, "\(result.output)\n\(result.error)")
        }
    #else
        @Test("check --isolate-hosts says it needs Linux, and runs no client")
        func isolatedHostsNeedsLinux() async throws {
            let result = try await MockAuthDBinary.check(
                "tls-wildcard", "echo RAN", extraArguments: ["--isolate-hosts"])
            #expect(result.status == 3, "\(result.output)\(result.error)")
            #expect((result.output + result.error).contains("--isolate-hosts needs Linux"), "\(result.output)")
            #expect(!result.output.contains("RAN"), "\(result.output)")
        }
    #endif

    @Test("the environment gives the names in curl's --resolve form and as a hosts file")
    func environment() async throws {
        let result = try await MockAuthDBinary.check(
            "tls-wildcard",
            #"""
            case "$MOCKAUTH_RESOLVE" in api.wild.test:[0-9]*:127.0.0.1) ;; *) exit 1 ;; esac
            grep -q "^127.0.0.1 api.wild.test$" "$MOCKAUTH_HOSTS_FILE" || exit 1
            grep -q localhost "$MOCKAUTH_HOSTS_FILE" || exit 1
            set -- --resolve "$MOCKAUTH_RESOLVE"
            curl -sS -o /dev/null --max-time 10 --cacert "$MOCKAUTH_CA_FILE" "$@" "$MOCKAUTH_URL"
            """#)
        #expect(result.status == 0, "\(result.output)\n\(result.error)")
    }
}
