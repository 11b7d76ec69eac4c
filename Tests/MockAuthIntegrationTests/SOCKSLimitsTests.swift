import Foundation
import MockAuth
import MockAuthTestSupport
import Testing

/// A SOCKS5 proxy's listener, over real sockets: a stalled or dribbled greeting is held to the
/// request-head limit, and bytes that are not SOCKS5 close the connection without waiting for it.
@Suite("SOCKS5 proxy: the listener's limits, over real sockets")
struct SOCKSLimitsTests {
    @Test(
        "a stalled greeting and a slowloris handshake to the SOCKS5 proxy are closed by the request-head limit; HTTP and garbage are refused, not left to it; all recorded"
    )
    func stalledAndGarbage() async throws {
        try await withTeardown { teardown in
            let limits = ConnectionLimits(tlsHandshake: .seconds(5), requestHead: .seconds(1), connection: .seconds(60))
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("socks5"), limits: limits)
            teardown.add { await run.shutdown() }
            let proxy = try #require(run.server.endpoint("proxy")?.port)
            let origin = try #require(run.server.endpoint("origin")?.port)
            // A greeting that announces two methods and sends one.
            let stalled: [UInt8] = [0x05, 0x02, 0x00]
            // A whole greeting and CONNECT, one byte at a time.
            let slowloris: [UInt8] = [0x05, 0x01, 0x00, 0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, 0x1F, 0x90]
            let http = Array("CONNECT 127.0.0.1:\(origin) HTTP/1.1\r\nHost: 127.0.0.1:\(origin)\r\n\r\n".utf8)
            let garbage: [UInt8] = Array(repeating: 0xFF, count: 64)
            let (closed, output) = try await ListenerLimitsTests.closing([
                ("stalled", proxy, stalled, false),
                ("slowloris", proxy, slowloris, true),
                ("http", proxy, http, false),
                ("garbage", proxy, garbage, false),
            ])
            for name in ["stalled", "slowloris", "http", "garbage"] {
                #expect(closed[name] != nil, "\(name) was not closed: \(output)")
            }
            await run.server.settle(timeout: .seconds(2))
            let connections = run.transcript().connections.filter { $0.server == "proxy" }
            #expect(
                ListenerLimitsTests.limits(of: "proxy", in: run.transcript()) == [.requestHead, .requestHead],
                "\(connections)")
            // What is not SOCKS5 is recorded by its first byte, and an HTTP request by its request line.
            let refused = connections.filter { $0.socks?.firstByte != nil }
            #expect(refused.count + refused.map(\.repeats).reduce(0, +) == 2, "\(connections)")
            // Refused for what they are, not left to the head limit.
            #expect(refused.allSatisfy { $0.closedByLimit == nil }, "\(connections)")
            #expect(Set(refused.compactMap(\.socks?.firstByte)) == [0x43, 0xFF], "\(connections)")
            #expect(
                refused.compactMap(\.socks?.httpRequest) == ["CONNECT 127.0.0.1:\(origin)"], "\(connections)")
            #expect(connections.allSatisfy { $0.socks?.reply == nil }, "no CONNECT got through: \(connections)")
            #expect(run.transcript().connections.filter { $0.server == "origin" }.isEmpty)
        }
    }

    @Test(
        "a greeting and its CONNECT in one write, as an optimistic client sends them, get the method and the reply at once"
    )
    func greetingAndConnectInOneWrite() async throws {
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("socks5"))
            teardown.add { await run.shutdown() }
            let proxy = try #require(run.server.endpoint("proxy")?.port)
            let origin = try #require(run.server.endpoint("origin")?.port)
            let script = """
                import socket, sys, time
                s = socket.create_connection(("127.0.0.1", \(proxy))); s.settimeout(20)
                s.sendall(bytes([5, 1, 0, 5, 1, 0, 1, 127, 0, 0, 1]) + (\(origin)).to_bytes(2, "big"))
                answer = b""
                while len(answer) < 12:
                    chunk = s.recv(64)
                    if not chunk: break
                    answer += chunk
                print(answer[:4].hex())
                """
            // The client waits 20 s at most, less than the head limit (30 s): a CONNECT left waiting
            // for a read that never comes gets no reply before the client gives up.
            let result = try await Shell.run("python3 -c '\(script)'", timeout: 40)
            // 05 00: no authentication chosen; 05 00 00 01: succeeded, bound address IPv4.
            #expect(result.output == "05000500\n", "\(result.output) \(result.error)")
            await run.server.settle(timeout: .seconds(2))
            let socks = run.transcript().connections.filter { $0.server == "proxy" }.compactMap(\.socks)
            #expect(socks.map(\.reply) == ["succeeded"], "\(socks)")
            let limited = run.transcript().connections.filter { $0.closedByLimit != nil }
            #expect(limited.isEmpty, "no limit closed a connection: \(limited)")
        }
    }

    @Test(
        "greeting, RFC 1929's step, CONNECT and the TLS ClientHello in one write on socks5-auth: each answered in order, then a request through the tunnel"
    )
    func everythingInOneWrite() async throws {
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("socks5-auth"))
            teardown.add { await run.shutdown() }
            let proxy = try #require(run.server.endpoint("proxy")?.port)
            // The ClientHello is made before anything is sent (an SSLObject over memory), so that it
            // goes in the same write as the three SOCKS5 messages, as an optimistic client sends it.
            let script = """
                import socket, ssl
                from urllib.parse import urlsplit
                url = urlsplit("\(run.url)")
                tls_in, tls_out = ssl.MemoryBIO(), ssl.MemoryBIO()
                context = ssl.create_default_context(cafile="\(run.files.caFile)")
                tls = context.wrap_bio(tls_in, tls_out, server_hostname=url.hostname)
                try: tls.do_handshake()
                except ssl.SSLWantReadError: pass
                user, password, name = b"socks-user", b"tunnel-7", url.hostname.encode()
                s = socket.create_connection(("127.0.0.1", \(proxy))); s.settimeout(5)
                s.sendall(bytes([5, 1, 2, 1, len(user)]) + user + bytes([len(password)]) + password
                    + bytes([5, 1, 0, 3, len(name)]) + name + url.port.to_bytes(2, "big") + tls_out.read())
                answer = b""
                while len(answer) < 14:
                    chunk = s.recv(14 - len(answer))
                    if not chunk: break
                    answer += chunk
                print(answer[:8].hex())
                def pump():
                    pending = tls_out.read()
                    if pending: s.sendall(pending)
                def receive():
                    chunk = s.recv(65536)
                    tls_in.write(chunk) if chunk else tls_in.write_eof()
                while True:
                    try:
                        tls.do_handshake(); break
                    except ssl.SSLWantReadError:
                        pump(); receive()
                tls.write(b"GET / HTTP/1.1\\r\\nHost: %s:%d\\r\\nConnection: close\\r\\n\\r\\n" % (name, url.port))
                pump()
                body = b""
                while True:
                    try:
                        data = tls.read(65536)
                        if not data: break
                        body += data
                    except ssl.SSLWantReadError: receive()
                    except (ssl.SSLZeroReturnError, ssl.SSLEOFError): break
                print(body.split(b"\\r\\n")[0].decode())
                print(body.split(b"\\r\\n\\r\\n")[-1].decode().strip())
                """
            let result = try await Shell.run("python3 -c '\(script)'", timeout: 20)
            let lines = result.output.split(separator: "\n").map(String.init)
            // 05 02: username/password chosen; 01 00: status 0; 05 00 00 01: succeeded, IPv4 bound.
            #expect(lines.first == "0502010005000001", "\(result.output) \(result.error)")
            #expect(lines.dropFirst().first == "HTTP/1.1 200 OK", "\(result.output) \(result.error)")
            #expect(lines.last == "hello through the authenticating socks5 proxy", "\(result.output)")
            await run.server.settle(timeout: .seconds(2))
            let socks = run.transcript().connections.filter { $0.server == "proxy" }.compactMap(\.socks)
            #expect(socks.map(\.authenticated) == [true], "\(socks)")
            #expect(socks.map(\.reply) == ["succeeded"], "\(socks)")
            #expect(run.transcript().connections.filter { $0.server == "proxy" }.allSatisfy { $0.protocolError == nil })
        }
    }
}
