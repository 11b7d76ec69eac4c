import Foundation
import MockAuth
import MockAuthScenario
import MockAuthTestSupport
import Testing

@Suite("Bad input: a clear error or a 4xx, and the server keeps serving")
struct ServerRobustnessTests {
    /// Sends `bytes` (a bash printf format) to `port` and returns what came back.
    func send(_ printfFormat: String, to port: Int) async throws -> String {
        try await Shell.run(
            #"python3 -c 'import socket,sys; s=socket.create_connection(("127.0.0.1", \#(port)), timeout=5); s.sendall(sys.stdin.buffer.read()); s.shutdown(socket.SHUT_WR); print(s.recv(65536).decode("latin-1")); s.close()' < <(printf '\#(printfFormat)')"#,
            timeout: 20
        ).output
    }

    @Test("slowloris and a stalled handshake are closed by the server's limits while curl passes alongside")
    func slowClientsAreClosed() async throws {
        try await withTeardown { teardown in
            let limits = ConnectionLimits(tlsHandshake: .seconds(1), requestHead: .seconds(1), connection: .seconds(60))
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("tls-valid"), limits: limits)
            teardown.add { await run.shutdown() }
            let port = try #require(run.server.endpoint("origin")?.port)
            // Two slow clients, started in the background: a truncated ClientHello that never goes
            // on, and (after a real handshake) a head sent one byte every 0.3 s. Each reports that
            // the server closed it (their 20 s socket timeout only guards against a hang); the
            // transcript says which limit closed which.
            let slow = #"""
                python3 - \#(port) <<'PY' &
                import socket, ssl, sys, time
                s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=20)
                s.sendall(bytes([0x16, 0x03, 0x01, 0x02, 0x00, 0x01]))
                print("HANDSHAKE closed" if s.recv(100) == b"" else "HANDSHAKE answered")
                PY
                python3 - \#(port) <<'PY' &
                import socket, ssl, sys, time
                context = ssl.create_default_context(); context.check_hostname = False; context.verify_mode = ssl.CERT_NONE
                s = context.wrap_socket(socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=20))
                try:
                    for byte in b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100:
                        s.sendall(bytes([byte])); time.sleep(0.3)
                    print("SLOWLORIS never closed")
                except (OSError, ssl.SSLError):
                    print("SLOWLORIS closed")
                PY
                curl -sS --max-time 10 --cacert "$CA" "$URL"; echo
                wait
                """#
            let result = try await Shell.run(slow, environment: ["CA": run.files.caFile, "URL": run.url], timeout: 60)
            #expect(result.output.contains("hello from tls-valid"), "\(result.output)\(result.error)")
            #expect(result.output.contains("HANDSHAKE closed\n"), "\(result.output)\(result.error)")
            #expect(result.output.contains("SLOWLORIS closed\n"), "\(result.output)\(result.error)")
            // One connection closed by each limit: the truncated handshake's and the slow head's.
            let limited = ListenerLimitsTests.limits(of: "origin", in: run.transcript()).map(\.rawValue).sorted()
            #expect(limited == ["request-head", "tls-handshake"], "\(run.transcript().connections)")
            let verdict = await run.verdict()
            #expect(verdict.passed, "\(verdict.report)")
        }
    }

    @Test("a scenario's own request-head limit applies to its server")
    func scenarioLimit() async throws {
        try await withTeardown { teardown in
            let scenario = Scenario(
                name: "quick", summary: "",
                servers: [ServerSpec(id: "origin", limits: ServerTimeLimits(requestHeadSeconds: 1))],
                client: ClientSpec(requests: [RequestSpec(server: "origin")], trust: .none),
                expectations: [ScenarioExpectation(RequestSucceeds(server: "origin", path: nil))])
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let port = try #require(run.server.endpoint("origin")?.port)
            // The run's own head limit is 30 s: only the scenario's 1 s one can close the stalled
            // head before the client gives up (20 s).
            let stalled = try await Shell.run(
                #"python3 -c 'import socket; s = socket.create_connection(("127.0.0.1", \#(port)), timeout=20); s.sendall(b"GET / HTTP/1.1\r\nHo"); print("closed" if s.recv(10) == b"" else "answered")'"#,
                timeout: 30)
            #expect(stalled.output == "closed\n", "\(stalled.output)\(stalled.error)")
            #expect(run.transcript().connections.compactMap(\.closedByLimit) == [.requestHead])
        }
    }

    @Test("TLS garbage, plain HTTP and a truncated handshake on a TLS port are recorded; valid clients still pass")
    func tlsGarbage() async throws {
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("tls-valid"))
            teardown.add { await run.shutdown() }
            let port = try #require(run.server.endpoint("origin")?.port)
            _ = try await send(#"\x16\x03\x01\xff\xff garbage that is not TLS"#, to: port)
            _ = try await send(#"GET / HTTP/1.1\r\nHost: x\r\n\r\n"#, to: port)
            _ = try await send(#"\x16\x03\x01\x00"#, to: port)
            let good = try await Shell.run(#"curl -sS --max-time 10 --cacert "\#(run.files.caFile)" "\#(run.url)""#)
            #expect(good.output == "hello from tls-valid\n", "\(good.error)")
            let verdict = await run.verdict()
            #expect(verdict.passed, "\(verdict.report)")
            let failures = run.transcript().connections.filter { $0.tls?.state != .completed }
            #expect(failures.count == 3, "\(run.transcript().connections)")
            #expect(failures.allSatisfy { $0.requests.isEmpty })
        }
    }

    @Test("malformed HTTP gets a 400 and the next client is served")
    func malformedHTTP() async throws {
        try await withTeardown { teardown in
            let scenario = Scenario(
                name: "plain", summary: "plain HTTP", servers: [ServerSpec(id: "origin")],
                client: ClientSpec(requests: [RequestSpec(server: "origin")], trust: .none),
                expectations: [ScenarioExpectation(RequestSucceeds(server: "origin", path: nil))])
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let port = try #require(run.server.endpoint("origin")?.port)
            await #expect(try send(#"GARBAGE\x00\x01 / HTTP/9\r\n\r\n"#, to: port).hasPrefix("HTTP/1.1 400"))
            await #expect(
                try send(#"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n"#, to: port).hasPrefix(
                    "HTTP/1.1 400"))
            await #expect(try send(#"GET /missing HTTP/1.1\r\nHost: x\r\n\r\n"#, to: port).hasPrefix("HTTP/1.1 200"))
            let good = try await Shell.run(#"curl -sS --max-time 10 "\#(run.url)""#)
            #expect(good.output == "ok\n", "\(good.error)")
            #expect(await run.verdict().passed)
        }
    }

    @Test("a scenario route that is not listed answers 404")
    func unknownRoute() async throws {
        try await withTeardown { teardown in
            let scenario = Scenario(
                name: "routes", summary: "", servers: [ServerSpec(id: "origin", routes: [RouteSpec(path: "/only")])],
                client: ClientSpec(requests: [RequestSpec(server: "origin", path: "/only")], trust: .none),
                expectations: [ScenarioExpectation(RequestSucceeds(server: "origin", path: "/only"))])
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let base = try #require(run.server.endpoint("origin")?.baseURL)
            let status = try await Shell.run(
                #"curl -s -o /dev/null -w '%{http_code}' "\#(base)/other"; curl -s -o /dev/null -w ' %{http_code}' "\#(base)/only""#
            )
            #expect(status.output == "404 200")
        }
    }

    func authScenario(oneLine: Bool) -> Scenario {
        let auth = AuthSpec(
            schemes: [.ntlm, .digestSHA256, .basic], account: Account(username: "alice", password: "pw", domain: "D"),
            challengesOnOneLine: oneLine)
        return Scenario(
            name: "auth", summary: "", servers: [ServerSpec(id: "origin", auth: auth)],
            client: ClientSpec(requests: [RequestSpec(server: "origin")], trust: .none),
            expectations: [ScenarioExpectation(Authenticates(server: "origin", path: nil))])
    }

    @Test(
        "smuggling, oversized and repeated headers, pipelined wrong passwords, half-closed sockets: a 4xx or a close, and curl passes alongside"
    )
    func abusiveRequests() async throws {
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(authScenario(oneLine: false))
            teardown.add { await run.shutdown() }
            let port = try #require(run.server.endpoint("origin")?.port)
            let wrong = "Basic YWxpY2U6d3Jvbmc="  // alice:wrong
            let big = String(repeating: "a", count: 100_000)
            let parameters = (1...8_000).map { "p\($0)=v" }.joined(separator: ",")
            let attempts: [(what: String, request: String)] = [
                (
                    "CL+TE smuggling",
                    #"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"#
                ),
                (
                    "two Content-Lengths",
                    #"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nContent-Length: 40\r\n\r\nabcdGET /smuggled HTTP/1.1\r\n\r\n"#
                ),
                ("a 100 KB header", #"GET / HTTP/1.1\r\nHost: x\r\nX-Big: \#(big)\r\n\r\n"#),
                (
                    "8,000 auth parameters",
                    #"GET / HTTP/1.1\r\nHost: x\r\nAuthorization: Digest \#(parameters)\r\n\r\n"#
                ),
                (
                    "three pipelined wrong passwords",
                    String(repeating: #"GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \#(wrong)\r\n\r\n"#, count: 3)
                ),
                (
                    "two Authorization headers",
                    #"GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \#(wrong)\r\nAuthorization: \#(wrong)\r\n\r\n"#
                ),
                ("a half-closed socket after half a head", #"GET / HTTP/1.1\r\nHost: x\r\nX-Half"#),
            ]
            for attempt in attempts {
                let answer = try await send(attempt.request, to: port)
                let statuses = answer.components(separatedBy: "\r\n").filter { $0.hasPrefix("HTTP/1.1 ") }
                #expect(
                    statuses.allSatisfy { $0.hasPrefix("HTTP/1.1 4") }, "\(attempt.what): \(answer.prefix(300))")
            }
            let good = try await Shell.run(#"curl -sS -o /dev/null --max-time 10 --anyauth -u alice:pw "\#(run.url)""#)
            #expect(good.status == 0, "\(good.error)")
            #expect(await run.verdict().passed)
            let targets = run.transcript().requests(to: "origin").map(\.request.target)
            #expect(!targets.contains("/smuggled"), "\(targets)")
        }
    }

    @Test("garbage credentials (NTLM blobs, Digest parameters, base64) get a 400 and the server keeps serving")
    func garbageCredentials() async throws {
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(authScenario(oneLine: false))
            teardown.add { await run.shutdown() }
            let port = try #require(run.server.endpoint("origin")?.port)
            for header in [
                "NTLM TlRMTVNTUAADAAAA", "NTLM !!!not-base64!!!", "NTLM TlRMTVNTUAADAAAAGAAYAP////8=",
                #"Digest username="alice", nonce=, uri"#, "Basic ====", #"Digest \x01\x02 realm"#,
            ] {
                let answer = try await send(
                    #"GET / HTTP/1.1\r\nHost: x\r\nAuthorization: \#(header)\r\nConnection: close\r\n\r\n"#, to: port)
                #expect(answer.hasPrefix("HTTP/1.1 400") || answer.hasPrefix("HTTP/1.1 401"), "\(header): \(answer)")
            }
            let good = try await Shell.run(
                #"curl -sS -o /dev/null -w '%{http_code}' --anyauth -u alice:pw "\#(run.url)""#)
            #expect(good.output == "200", "\(good.error)")
            #expect(await run.verdict().passed)
        }
    }

    @Test("challenges go one per header line by default, or on one line, in the scenario's order")
    func challengeLines() async throws {
        for oneLine in [false, true] {
            let run = try await ScenarioRun.start(authScenario(oneLine: oneLine))
            let headers = try await Shell.run(#"curl -sS -o /dev/null -D - "\#(run.url)""#).output
            await run.shutdown()
            let lines = headers.split(separator: "\r\n").filter { $0.lowercased().hasPrefix("www-authenticate:") }
            if oneLine {
                #expect(lines.count == 1, "\(headers)")
                let line = String(lines.first ?? "")
                let ntlm = line.range(of: "NTLM")?.lowerBound
                let digest = line.range(of: "Digest")?.lowerBound
                let basic = line.range(of: "Basic")?.lowerBound
                #expect(ntlm != nil && digest != nil && basic != nil && ntlm! < digest! && digest! < basic!, "\(line)")
            } else {
                #expect(lines.map { $0.split(separator: " ")[1] } == ["NTLM", "Digest", "Basic"], "\(headers)")
            }
            // curl parses either form and picks the strongest it prefers.
            let run2 = try await ScenarioRun.start(authScenario(oneLine: oneLine))
            let status = try await Shell.run(
                #"curl -sS -o /dev/null -w '%{http_code}' --anyauth -u alice:pw "\#(run2.url)""#)
            #expect(status.output == "200", "one line: \(oneLine) \(status.error)")
            await run2.shutdown()
        }
    }
}
