import Foundation
import MockAuth
import MockAuthTestSupport
import Testing

/// Every kind of listener closes a slow client within its limits, on real sockets: origins, forward
/// proxies (before and inside a CONNECT tunnel), revocation servers and the control API all start
/// their connections with the same prologue.
@Suite("Every listener's time and head limits, over real sockets")
struct ListenerLimitsTests {
    /// A Python probe that opens one connection per `name=port` argument at once, sends each what
    /// `$SEND_<name>` holds (hex; `$DRIBBLE_<name>` set: one byte every 0.3 s), and prints
    /// `<name> closed <bytes>` when the server closes it (with how many bytes it sent back first),
    /// or `<name> open` when nothing came for 12 s: a guard against a hang, not a measure of speed.
    static let probe = #"""
        python3 - "$@" <<'PY'
        import os, socket, sys, threading, time
        lock = threading.Lock()
        def report(*words):
            with lock:
                sys.stdout.write(" ".join(str(word) for word in words) + "\n"); sys.stdout.flush()
        def run(name, port):
            data = bytes.fromhex(os.environ["SEND_" + name])
            received = 0
            try:
                s = socket.create_connection(("127.0.0.1", int(port)), timeout=12)
                if os.environ.get("DRIBBLE_" + name):
                    for i in range(len(data)):
                        s.sendall(data[i:i + 1]); time.sleep(0.3)
                else:
                    s.sendall(data)
                while True:
                    chunk = s.recv(4096)
                    if not chunk: break
                    received += len(chunk)
                report(name, "closed", received)
            except socket.timeout:
                report(name, "open")
            except OSError:
                report(name, "closed", received)
            except Exception as error:
                report(name, "failed", repr(error))
        threads = [threading.Thread(target=run, args=a.split("=")) for a in sys.argv[1:]]
        for t in threads: t.start()
        for t in threads: t.join()
        PY
        """#

    /// Runs the probe on `connections` (name, port, bytes to send, whether one at a time) and
    /// returns the connections the server closed, each with how many bytes it answered before
    /// closing (a connection still open after 12 s, or whose probe failed, is not there), and all
    /// the probe printed.
    static func closing(_ connections: [(name: String, port: Int, send: [UInt8], dribble: Bool)]) async throws
        -> (closed: [String: Int], output: String)
    {
        var environment: [String: String] = [:]
        for connection in connections {
            environment["SEND_\(connection.name)"] = connection.send.map { String(format: "%02x", $0) }.joined()
            if connection.dribble { environment["DRIBBLE_\(connection.name)"] = "1" }
        }
        let arguments = connections.map { "\($0.name)=\($0.port)" }.joined(separator: " ")
        let result = try await Shell.run(
            "set -- \(arguments)\n" + probe, environment: environment, timeout: 40)
        var closed: [String: Int] = [:]
        for line in result.output.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 3, words[1] == "closed", let received = Int(words[2]) else { continue }
            closed[words[0]] = received
        }
        return (closed, result.output + result.error)
    }

    /// The limit that closed each of `server`'s connections, identical connections (folded into
    /// one record) counted one by one.
    static func limits(of server: String, in transcript: Transcript) -> [ConnectionLimit] {
        transcript.connections.filter { $0.server == server }.flatMap { connection in
            connection.closedByLimit.map { Array(repeating: $0, count: 1 + connection.repeats) } ?? []
        }
    }

    static let halfHead = Array("GET / HTTP/1.1\r\nHost: x\r\nX-Half".utf8)

    @Test(
        "serve proxy-basic --request-head-timeout 2: half a head to the origin, the forward proxy and the control API is closed by the head limit; the proxy answers a head over the limits 431"
    )
    func serveProxyAndControl() async throws {
        try await ServeProcess.with(["proxy-basic", "--request-head-timeout", "2"]) { serve in
            let endpoints = try serve.endpoints()
            let scenario = try #require((endpoints["scenarios"] as? [[String: Any]])?.first)
            let environment = try #require(scenario["environment"] as? [String: String])
            func port(_ url: String?) throws -> Int { try #require(url.flatMap(URL.init(string:))?.port) }
            let origin = try port(scenario["url"] as? String)
            let proxy = try port(environment["MOCKAUTH_PROXY_URL"])
            let control = try port(try serve.control().url)
            let absolute = Array("GET http://127.0.0.1:\(origin)/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half".utf8)
            // Each is closed, with nothing answered: a refusal (400, 431) would answer, a limit
            // closes without a word. Only the 2 s limit can close a head that is merely unfinished
            // before the probe gives up (12 s): serve's default is 30 s, every other limit longer.
            let (closed, output) = try await Self.closing([
                ("origin", origin, Self.halfHead, false), ("proxy", proxy, absolute, false),
                ("control", control, Self.halfHead, false),
            ])
            for name in ["origin", "proxy", "control"] {
                let answered = try #require(closed[name], "\(name) was not closed: \(output)")
                #expect(answered == 0, "\(name) answered \(answered) bytes before closing: \(output)")
            }
            // The run's transcript names the limit that closed the origin's and the proxy's (the
            // control API keeps none: its connection is held to the same prologue and limits).
            let run = try #require(scenario["run"] as? String)
            let calls = try ControlAPICalls(serve)
            let answer = try await calls.call("GET", "/v1/runs/\(run)/transcript", schema: "transcript")
            let transcript = try JSONDecoder().decode(Transcript.self, from: Data(answer.body.utf8))
            #expect(Self.limits(of: "origin", in: transcript) == [.requestHead], "\(transcript.connections)")
            #expect(Self.limits(of: "proxy", in: transcript) == [.requestHead], "\(transcript.connections)")

            let fillers = String(repeating: "X-Filler: 1\r\n", count: 120)
            let refused = try await Shell.execute(
                [
                    "python3", "-c",
                    "import socket,sys; s=socket.create_connection(('127.0.0.1', \(proxy)), timeout=10); "
                        + "s.sendall(sys.stdin.buffer.read()); d=b''\nwhile True:\n c=s.recv(65536)\n if not c: break\n d+=c\n"
                        + "print(d.decode('latin-1'))",
                ],
                input: Array("GET http://127.0.0.1:\(origin)/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fillers)\r\n".utf8),
                timeout: 20)
            #expect(refused.output.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large"), "\(refused.output)")
            #expect(refused.output.contains("the request carried 121 header fields"), "\(refused.output)")
        }
    }

    @Test("a revocation server closes a stalled head and a slowloris head at its limit, and records it")
    func revocationServer() async throws {
        try await withTeardown { teardown in
            let limits = ConnectionLimits(tlsHandshake: .seconds(1), requestHead: .seconds(1), connection: .seconds(60))
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("tls-revocation-good"), limits: limits)
            teardown.add { await run.shutdown() }
            let port = try #require(run.server.endpoint("revocation")?.port)
            let slow = Array("GET /crl HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaa".utf8)
            let (closed, output) = try await Self.closing([
                ("stalled", port, Array("GET /crl HTTP/1.1\r\nHo".utf8), false), ("slowloris", port, slow, true),
            ])
            for name in ["stalled", "slowloris"] {
                let answered = try #require(closed[name], "\(name) was not closed: \(output)")
                #expect(answered == 0, "\(name) answered \(answered) bytes before closing: \(output)")
            }
            await run.server.settle(timeout: .seconds(2))
            let limited = Self.limits(of: "revocation", in: run.transcript())
            #expect(limited == [.requestHead, .requestHead], "\(run.transcript().connections)")
        }
    }

    @Test(
        "a forward proxy closes a stalled CONNECT head and a slowloris head at its limit; inside a tunnel a stalled handshake is closed at the origin's"
    )
    func proxyAndTunnel() async throws {
        try await withTeardown { teardown in
            let limits = ConnectionLimits(tlsHandshake: .seconds(1), requestHead: .seconds(1), connection: .seconds(60))
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("proxy-connect"), limits: limits)
            teardown.add { await run.shutdown() }
            let proxy = try #require(run.server.endpoint("proxy")?.port)
            let origin = try #require(run.server.endpoint("origin")?.port)
            let credentials = Data("proxy-user:gatekeeper-5".utf8).base64EncodedString()
            let connect = "CONNECT 127.0.0.1:\(origin) HTTP/1.1\r\nHost: 127.0.0.1:\(origin)\r\n"
            // The tunnel's client sends its CONNECT and, once the proxy has answered, the start of
            // a ClientHello that never goes on: the origin's handshake limit closes the tunnel.
            let tunnelled =
                Array("\(connect)Proxy-Authorization: Basic \(credentials)\r\n\r\n".utf8)
                + [0x16, 0x03, 0x01, 0x02, 0x00, 0x01]
            let (closed, output) = try await Self.closing([
                ("stalled", proxy, Array(connect.utf8), false),
                ("slowloris", proxy, Array("\(connect)X-Slow: aaaaaaaaaaaaaaaa".utf8), true),
                ("tunnel", proxy, tunnelled, false),
            ])
            for name in ["stalled", "slowloris"] {
                let answered = try #require(closed[name], "\(name) was not closed: \(output)")
                #expect(answered == 0, "\(name) answered \(answered) bytes before closing: \(output)")
            }
            // The tunnel's client got the proxy's 200 first.
            #expect(closed["tunnel"] != nil, "the tunnel was not closed: \(output)")
            await run.server.settle(timeout: .seconds(2))
            let connections = run.transcript().connections
            #expect(Self.limits(of: "proxy", in: run.transcript()) == [.requestHead, .requestHead], "\(connections)")
            #expect(Self.limits(of: "origin", in: run.transcript()) == [.tlsHandshake], "\(connections)")
            let tunnel = connections.first { $0.server == "proxy" && $0.closedByLimit == nil }
            #expect(tunnel?.requests.map(\.responseStatus) == [200], "the CONNECT got its tunnel: \(connections)")
        }
    }
}
