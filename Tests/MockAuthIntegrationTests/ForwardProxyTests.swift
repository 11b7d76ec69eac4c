import Foundation
import MockAuth
import MockAuthScenario
import MockAuthTestSupport
import Testing

@testable import MockAuthServer

/// What curl printed: the body, the final HTTP status and the status of its CONNECT, if any.
struct CurlOutcome {
    var body: String
    var status: String
    var connectStatus: String
    var exitStatus: Int32
    var error: String
}

@Suite("Forward proxy, driven by curl")
struct ForwardProxyTests {
    /// A plain-HTTP origin answering every path with `hello from origin`.
    static let plainScenario = Scenario(
        name: "proxy-origin", summary: "plain HTTP origin behind the proxy",
        servers: [
            ServerSpec(id: "origin", routes: [RouteSpec(path: "/", matchesSubpaths: true, body: "hello from origin\n")])
        ],
        client: ClientSpec(requests: [RequestSpec(server: "origin")], trust: .none),
        expectations: [ScenarioExpectation(RequestSucceeds(server: "origin", path: nil))])

    /// Runs curl with `arguments` (already shell-quoted), bounded to 10 s.
    func curl(_ arguments: String) async throws -> CurlOutcome {
        let result = try await Shell.run(
            #"curl -sS --max-time 10 -w '\n%{http_code} %{http_connect}' \#(arguments)"#, timeout: 20)
        var lines = result.output.components(separatedBy: "\n")
        let codes = (lines.popLast() ?? "").split(separator: " ").map(String.init)
        return CurlOutcome(
            body: lines.joined(separator: "\n"), status: codes.first ?? "", connectStatus: codes.last ?? "",
            exitStatus: result.status, error: result.error)
    }

    /// Sends `payload` to the proxy in one write and returns everything it answers until it closes
    /// the connection (or 5 s pass).
    func exchange(_ payload: [UInt8], with port: Int) async throws -> String {
        let script = """
            python3 - <<'PY'
            import os, socket
            s = socket.create_connection(("127.0.0.1", \(port)), timeout=5)
            s.sendall(bytes.fromhex(os.environ["PAYLOAD"]))
            data = b""
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    data += chunk
            except socket.timeout:
                pass
            print(data.decode("latin-1"), end="")
            PY
            """
        let hex = payload.map { String(format: "%02x", $0) }.joined()
        return try await Shell.run(script, environment: ["PAYLOAD": hex], timeout: 20).output
    }

    /// ``exchange(_:with:)`` for text.
    func exchange(_ payload: String, with port: Int) async throws -> String {
        try await exchange(Array(payload.utf8), with: port)
    }

    func plainOrigin() async throws -> (run: ScenarioRun, target: ProxyTarget, url: String) {
        let run = try await ScenarioRun.start(Self.plainScenario)
        let port = try #require(run.server.endpoint("origin")?.port)
        return (run, ProxyTarget(host: "127.0.0.1", port: port), "http://127.0.0.1:\(port)")
    }

    /// A plain origin and a proxy that may reach it, both stopped by `teardown`.
    func plainOriginBehindProxy(_ teardown: Teardown) async throws -> (
        origin: (run: ScenarioRun, target: ProxyTarget, url: String), proxy: TestForwardProxy
    ) {
        let origin = try await plainOrigin()
        teardown.add { await origin.run.shutdown() }
        let proxy = try await TestForwardProxy.start(allowing: [origin.target])
        teardown.add { await proxy.shutdown() }
        return (origin, proxy)
    }

    /// The catalog's `tls-valid` origin, its port, and a proxy that may reach it, stopped by `teardown`.
    func tlsOriginBehindProxy(_ teardown: Teardown) async throws -> (
        run: ScenarioRun, port: Int, proxy: TestForwardProxy
    ) {
        let run = try await ScenarioRun.start(
            try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("tls-valid"))
        teardown.add { await run.shutdown() }
        let port = try #require(run.server.endpoint("origin")?.port)
        let proxy = try await TestForwardProxy.start(allowing: [ProxyTarget(host: "127.0.0.1", port: port)])
        teardown.add { await proxy.shutdown() }
        return (run, port, proxy)
    }

    @Test("an absolute-form GET with preemptive Basic reaches the origin without the proxy's headers")
    func forwardsWithBasic() async throws {
        try await withTeardown { teardown in
            let (origin, proxy) = try await plainOriginBehindProxy(teardown)

            let outcome = try await curl(
                #"-x \#(proxy.url) --proxy-user \#(TestForwardProxy.user) "\#(origin.url)/path?q=1""#)
            #expect(outcome.status == "200", "\(outcome.error)")
            #expect(outcome.body == "hello from origin\n")

            let seen = origin.run.transcript().requests(to: "origin")
            #expect(seen.count == 1)
            let request = try #require(seen.first?.request)
            #expect(request.target == "/path?q=1")
            #expect(request.values(of: "Proxy-Authorization").isEmpty)
            #expect(request.values(of: "Proxy-Connection").isEmpty)
            #expect(request.values(of: "Host") == ["127.0.0.1:\(origin.target.port)"])
            #expect(request.values(of: "Connection") == ["close"])
            #expect(request.responseStatus == 200)

            let proxied = await proxy.transcript().requests(to: "proxy").map(\.request)
            #expect(proxied.map(\.summary) == ["GET \(origin.url)/path?q=1"])
            #expect(proxied.map(\.responseStatus) == [200])
            #expect(proxied.first?.values(of: "Proxy-Authorization") == [TestForwardProxy.credentials])
        }
    }

    @Test("--proxy-anyauth gets 407 first, then 200 on the same proxy connection")
    func anyAuthChallengeThenSuccess() async throws {
        try await withTeardown { teardown in
            let (origin, proxy) = try await plainOriginBehindProxy(teardown)

            let outcome = try await curl(
                #"-x \#(proxy.url) --proxy-anyauth --proxy-user \#(TestForwardProxy.user) \#(origin.url)/"#)
            #expect(outcome.status == "200", "\(outcome.error)")
            #expect(outcome.body == "hello from origin\n")

            let connections = await proxy.transcript().connections(to: "proxy")
            #expect(connections.count == 1, "\(connections)")
            let requests = try #require(connections.first?.requests)
            #expect(requests.map(\.responseStatus) == [407, 200])
            #expect(requests.first?.values(of: "Proxy-Authorization") == [])
            #expect(origin.run.transcript().requestCount(to: "origin") == 1)
        }
    }

    @Test("without credentials, or with a wrong password, curl gets 407 and the origin sees nothing")
    func challengesWithoutValidCredentials() async throws {
        try await withTeardown { teardown in
            let (origin, proxy) = try await plainOriginBehindProxy(teardown)

            let anonymous = try await curl(#"-D - -x \#(proxy.url) \#(origin.url)/"#)
            #expect(anonymous.status == "407", "\(anonymous.error)")
            #expect(anonymous.body.contains(#"Proxy-Authenticate: Basic realm="proxy""#), "\(anonymous.body)")
            let wrong = try await curl(#"-x \#(proxy.url) --proxy-user proxyuser:wrong \#(origin.url)/"#)
            #expect(wrong.status == "407", "\(wrong.error)")

            #expect(origin.run.transcript().connections.isEmpty)
            let proxied = await proxy.transcript().requests(to: "proxy").map(\.request)
            #expect(proxied.map(\.responseStatus) == [407, 407])
        }
    }

    @Test("HTTPS goes through CONNECT: the TLS origin completes the handshake and serves the request")
    func httpsThroughConnect() async throws {
        try await withTeardown { teardown in
            let (run, port, proxy) = try await tlsOriginBehindProxy(teardown)

            let outcome = try await curl(
                #"-x \#(proxy.url) --proxy-user \#(TestForwardProxy.user) --cacert "\#(run.files.caFile)" "\#(run.url)""#
            )
            #expect(outcome.status == "200", "\(outcome.error)")
            #expect(outcome.connectStatus == "200")
            #expect(outcome.body == "hello from tls-valid\n")

            let verdict = await run.verdict()
            #expect(verdict.passed, "\(verdict.report)")
            let connection = try #require(run.transcript().connections(to: "origin").first)
            #expect(connection.tls?.state == .completed)
            #expect(connection.requests.map(\.summary) == ["GET /"])
            #expect(connection.requests.first?.values(of: "Proxy-Authorization") == [])

            let proxied = await proxy.transcript().requests(to: "proxy").map(\.request)
            #expect(proxied.map(\.summary) == ["CONNECT 127.0.0.1:\(port)"])
            #expect(proxied.map(\.responseStatus) == [200])
        }
    }

    @Test("CONNECT with --proxy-anyauth: 407, then the tunnel on the same proxy connection")
    func connectChallengeThenTunnel() async throws {
        try await withTeardown { teardown in
            let (run, port, proxy) = try await tlsOriginBehindProxy(teardown)

            let outcome = try await curl(
                #"-x \#(proxy.url) --proxy-anyauth --proxy-user \#(TestForwardProxy.user) --cacert "\#(run.files.caFile)" "\#(run.url)""#
            )
            #expect(outcome.status == "200", "\(outcome.error)")
            #expect(outcome.body == "hello from tls-valid\n")

            let connections = await proxy.transcript().connections(to: "proxy")
            #expect(connections.count == 1, "\(connections)")
            #expect(connections.first?.requests.map(\.responseStatus) == [407, 200])
            #expect(run.transcript().connections(to: "origin").first?.tls?.state == .completed)
        }
    }

    @Test("targets outside allowedTargets get 403 and nothing is dialled")
    func forbidsOtherTargets() async throws {
        try await withTeardown { teardown in
            let origin = try await plainOrigin()
            teardown.add { await origin.run.shutdown() }
            let other = try await plainOrigin()
            teardown.add { await other.run.shutdown() }
            // A non-loopback target is refused even when listed.
            let proxy = try await TestForwardProxy.start(
                allowing: [origin.target, ProxyTarget(host: "example.com", port: 80)])
            teardown.add { await proxy.shutdown() }

            let tunnel = try await curl(#"-p -x \#(proxy.url) --proxy-user \#(TestForwardProxy.user) \#(other.url)/"#)
            #expect(tunnel.connectStatus == "403", "\(tunnel.error)")
            let forward = try await curl(#"-x \#(proxy.url) --proxy-user \#(TestForwardProxy.user) \#(other.url)/"#)
            #expect(forward.status == "403", "\(forward.error)")
            let remote = try await curl(#"-x \#(proxy.url) --proxy-user \#(TestForwardProxy.user) http://example.com/"#)
            #expect(remote.status == "403", "\(remote.error)")

            // The proxy decides before it dials: once it has answered 403 and its connections have
            // closed, a dial to `other` would already show in other's transcript.
            let proxied = await proxy.transcript().requests(to: "proxy").map(\.request)
            #expect(proxied.map(\.responseStatus) == [403, 403, 403])
            #expect(other.run.transcript().connections.isEmpty)
        }
    }

    @Test("two URLs in one curl: both succeed over one kept-alive proxy connection")
    func keepsProxyConnectionAlive() async throws {
        try await withTeardown { teardown in
            let (origin, proxy) = try await plainOriginBehindProxy(teardown)

            let outcome = try await curl(
                #"-x \#(proxy.url) --proxy-basic --proxy-user \#(TestForwardProxy.user) \#(origin.url)/one \#(origin.url)/two"#
            )
            #expect(outcome.status == "200", "\(outcome.error)")
            #expect(outcome.body.components(separatedBy: "hello from origin").count == 3, "\(outcome.body)")

            let connections = await proxy.transcript().connections(to: "proxy")
            #expect(connections.count == 1, "\(connections)")
            #expect(connections.first?.requests.map(\.responseStatus) == [200, 200])
            #expect(origin.run.transcript().requests(to: "origin").map(\.request.target) == ["/one", "/two"])
        }
    }

    @Test("a POST body is streamed to the origin")
    func forwardsRequestBody() async throws {
        try await withTeardown { teardown in
            let (origin, proxy) = try await plainOriginBehindProxy(teardown)

            let outcome = try await curl(
                #"-x \#(proxy.url) --proxy-user \#(TestForwardProxy.user) -d name=value \#(origin.url)/submit"#)
            #expect(outcome.status == "200", "\(outcome.error)")
            let request = try #require(origin.run.transcript().requests(to: "origin").first?.request)
            #expect(request.summary == "POST /submit")
            #expect(request.values(of: "Content-Length") == ["10"])
        }
    }

    @Test("an unreachable origin gets 502")
    func unreachableOrigin() async throws {
        try await withTeardown { teardown in
            // Port 1 (tcpmux, privileged): nothing listens there, and no server of the tests binds it,
            // whereas a port just closed may be handed to the next server that binds port 0.
            let closed = ProxyTarget(host: "127.0.0.1", port: 1)
            let proxy = try await TestForwardProxy.start(allowing: [closed])
            teardown.add { await proxy.shutdown() }

            let outcome = try await curl(
                #"-x \#(proxy.url) --proxy-user \#(TestForwardProxy.user) http://127.0.0.1:\#(closed.port)/"#)
            #expect(outcome.status == "502", "\(outcome.error)")
            let tunnel = try await curl(
                #"-p -x \#(proxy.url) --proxy-user \#(TestForwardProxy.user) http://127.0.0.1:\#(closed.port)/"#)
            #expect(tunnel.connectStatus == "502", "\(tunnel.error)")
        }
    }

    @Test("garbage and unusable targets get 400 and close only that connection; curl still works")
    func badInput() async throws {
        try await withTeardown { teardown in
            let (origin, proxy) = try await plainOriginBehindProxy(teardown)
            let authorization = "Proxy-Authorization: \(TestForwardProxy.credentials)"

            let garbage = try await exchange(
                [0x47, 0x41, 0x52, 0x00, 0x01] + Array(" / HTTP/9\r\n\r\n".utf8), with: proxy.port)
            #expect(garbage.hasPrefix("HTTP/1.1 400"), "\(garbage)")
            let tls = try await exchange(
                [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03], with: proxy.port)
            #expect(tls.hasPrefix("HTTP/1.1 400"), "\(tls)")
            let https = try await exchange(
                "GET https://127.0.0.1:\(origin.target.port)/ HTTP/1.1\r\nHost: x\r\n\(authorization)\r\n\r\n",
                with: proxy.port)
            #expect(https.hasPrefix("HTTP/1.1 400"), "\(https)")
            let originForm = try await exchange(
                "GET / HTTP/1.1\r\nHost: x\r\n\(authorization)\r\n\r\n", with: proxy.port)
            #expect(originForm.hasPrefix("HTTP/1.1 400"), "\(originForm)")

            let good = try await curl(#"-x \#(proxy.url) --proxy-user \#(TestForwardProxy.user) \#(origin.url)/"#)
            #expect(good.status == "200", "\(good.error)")
            #expect(good.body == "hello from origin\n")
            #expect(origin.run.transcript().requestCount(to: "origin") == 1)
        }
    }

    @Test("bytes sent right after the CONNECT head, before the 200, reach the origin")
    func bytesAfterConnectHead() async throws {
        try await withTeardown { teardown in
            let (origin, proxy) = try await plainOriginBehindProxy(teardown)

            let authority = "127.0.0.1:\(origin.target.port)"
            let answer = try await exchange(
                "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
                    + "Proxy-Authorization: \(TestForwardProxy.credentials)\r\n\r\n"
                    + "GET /tunnelled HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\n\r\n",
                with: proxy.port)
            #expect(answer.hasPrefix("HTTP/1.1 200 Connection Established\r\n\r\nHTTP/1.1 200 OK\r\n"), "\(answer)")
            #expect(answer.hasSuffix("hello from origin\n"), "\(answer)")
            #expect(origin.run.transcript().requests(to: "origin").map(\.request.summary) == ["GET /tunnelled"])
        }
    }
}
