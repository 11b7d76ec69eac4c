import Foundation
import MockAuth
import Testing

@Suite("Bad input: a clear error or a 4xx, and the server keeps serving")
struct ServerRobustnessTests {
    /// Sends `bytes` (a bash printf format) to `port` and returns what came back.
    func send(_ printfFormat: String, to port: Int) throws -> String {
        try Shell.run(
            #"python3 -c 'import socket,sys; s=socket.create_connection(("127.0.0.1", \#(port)), timeout=5); s.sendall(sys.stdin.buffer.read()); s.shutdown(socket.SHUT_WR); print(s.recv(65536).decode("latin-1")); s.close()' < <(printf '\#(printfFormat)')"#,
            timeout: 20
        ).output
    }

    @Test("TLS garbage, plain HTTP and a truncated handshake on a TLS port are recorded; valid clients still pass")
    func tlsGarbage() async throws {
        let run = try await ScenarioRun.start(
            try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("tls-valid"))
        defer { Task { await run.shutdown() } }
        let port = try #require(run.server.endpoint("origin")?.port)
        _ = try send(#"\x16\x03\x01\xff\xff garbage that is not TLS"#, to: port)
        _ = try send(#"GET / HTTP/1.1\r\nHost: x\r\n\r\n"#, to: port)
        _ = try send(#"\x16\x03\x01\x00"#, to: port)
        let good = try Shell.run(#"curl -sS --max-time 10 --cacert "\#(run.files.caFile)" "\#(run.url)""#)
        #expect(good.output == "hello from tls-valid\n", "\(good.error)")
        let verdict = await run.verdict()
        #expect(verdict.passed, "\(verdict.report)")
        let failures = run.transcript().connections.filter { $0.tls?.outcome != .completed }
        #expect(failures.count == 3, "\(run.transcript().connections)")
        #expect(failures.allSatisfy { $0.requests.isEmpty })
    }

    @Test("malformed HTTP gets a 400 and the next client is served")
    func malformedHTTP() async throws {
        let scenario = Scenario(
            name: "plain", summary: "plain HTTP", servers: [ServerSpec(id: "origin")],
            client: ClientSpec(requests: [RequestSpec(server: "origin")], trust: .none),
            expectations: [ScenarioExpectation(.requestSucceeds(server: "origin", path: nil))])
        let run = try await ScenarioRun.start(scenario)
        defer { Task { await run.shutdown() } }
        let port = try #require(run.server.endpoint("origin")?.port)
        #expect(try send(#"GARBAGE\x00\x01 / HTTP/9\r\n\r\n"#, to: port).hasPrefix("HTTP/1.1 400"))
        #expect(
            try send(#"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n"#, to: port).hasPrefix("HTTP/1.1 400"))
        #expect(try send(#"GET /missing HTTP/1.1\r\nHost: x\r\n\r\n"#, to: port).hasPrefix("HTTP/1.1 200"))
        let good = try Shell.run(#"curl -sS --max-time 10 "\#(run.url)""#)
        #expect(good.output == "ok\n", "\(good.error)")
        #expect(await run.verdict().passed)
    }

    @Test("a scenario route that is not listed answers 404")
    func unknownRoute() async throws {
        let scenario = Scenario(
            name: "routes", summary: "", servers: [ServerSpec(id: "origin", routes: [RouteSpec(path: "/only")])],
            client: ClientSpec(requests: [RequestSpec(server: "origin", path: "/only")], trust: .none),
            expectations: [ScenarioExpectation(.requestSucceeds(server: "origin", path: "/only"))])
        let run = try await ScenarioRun.start(scenario)
        defer { Task { await run.shutdown() } }
        let base = try #require(run.server.endpoint("origin")?.baseURL)
        let status = try Shell.run(
            #"curl -s -o /dev/null -w '%{http_code}' "\#(base)/other"; curl -s -o /dev/null -w ' %{http_code}' "\#(base)/only""#
        )
        #expect(status.output == "404 200")
    }
}
