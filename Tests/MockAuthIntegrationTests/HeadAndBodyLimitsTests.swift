import Foundation
import MockAuth
import MockAuthTestSupport
import Testing

/// Every HTTP listener answers a head over the total head limit 431 (never the parser's 400),
/// closes a body that stalls at the body limit, and refuses a body it will not read as soon as it
/// knows its size, over real sockets: origins (plain and TLS), forward and HTTPS proxies,
/// revocation servers and `serve`'s control API. Outcomes only: what was answered, whether the
/// server closed the connection, and which limit the transcript says closed it.
@Suite("Head size and body limits on every listener, over real sockets")
struct HeadAndBodyLimitsTests {
    /// A Python probe that opens one connection per `name=port` argument at once (over TLS, not
    /// verified, when `$TLS_<name>` is set, offering `$ALPN_<name>` by ALPN when that is set), sends what `$SEND_<name>` holds (hex; `{FIELDS}` in it
    /// stands for ``legalFields``, too long for an environment variable), reads until the server
    /// closes the connection or 12 s pass, and prints one JSON line per connection:
    /// `{"name", "closed", "response"}` (the response as Latin-1 text).
    static let probe = #"""
        python3 - "$@" <<'PY'
        import json, os, socket, ssl, sys, threading
        lock = threading.Lock()
        def run(name, port):
            fields = "".join("X-Field-%d: %d%s\r\n" % (100 + i, i, "v" * 985) for i in range(92))
            data = bytes.fromhex(os.environ["SEND_" + name]).replace(b"{FIELDS}", fields.encode())
            received = b""
            closed = False
            try:
                s = socket.create_connection(("127.0.0.1", int(port)), timeout=12)
                if os.environ.get("TLS_" + name):
                    context = ssl.create_default_context()
                    context.check_hostname = False
                    context.verify_mode = ssl.CERT_NONE
                    if os.environ.get("ALPN_" + name):
                        context.set_alpn_protocols([os.environ["ALPN_" + name]])
                    s = context.wrap_socket(s, server_hostname="localhost")
                s.sendall(data)
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        closed = True
                        break
                    received += chunk
            except socket.timeout:
                pass
            except (OSError, ssl.SSLError):
                closed = True
            with lock:
                print(json.dumps({"name": name, "closed": closed, "response": received.decode("latin-1")}))
                sys.stdout.flush()
        threads = [threading.Thread(target=run, args=a.split("=")) for a in sys.argv[1:]]
        for t in threads: t.start()
        for t in threads: t.join()
        PY
        """#

    /// What one probe connection saw.
    struct Outcome {
        var closed: Bool
        var response: String
        var status: Int? {
            guard response.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(response.dropFirst(9).prefix(3))
        }
        var closes: Bool { response.contains("\r\nConnection: close\r\n") }
        var body: String { response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n") }
    }

    /// Runs the probe on `connections` and returns what each saw, by name.
    /// (`alpn`: the protocols offered by ALPN on the connections over TLS, by name.)
    static func probe(
        _ connections: [(name: String, port: Int, send: [UInt8], tls: Bool)], alpn: [String: String] = [:]
    ) async throws -> [String: Outcome] {
        var environment: [String: String] = [:]
        for connection in connections {
            environment["SEND_\(connection.name)"] = connection.send.map { String(format: "%02x", $0) }.joined()
            if connection.tls { environment["TLS_\(connection.name)"] = "1" }
            if let offered = alpn[connection.name] { environment["ALPN_\(connection.name)"] = offered }
        }
        let arguments = connections.map { "\($0.name)=\($0.port)" }.joined(separator: " ")
        let result = try await Shell.run("set -- \(arguments)\n" + probe, environment: environment, timeout: 40)
        var outcomes: [String: Outcome] = [:]
        for line in result.output.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let name = object["name"] as? String
            else { continue }
            outcomes[name] = Outcome(
                closed: object["closed"] as? Bool ?? false, response: object["response"] as? String ?? "")
        }
        return outcomes
    }

    /// 92 legal fields of about 1,000 bytes (each line within 8,190 bytes, the count within 100):
    /// about 92 KB, over the 80 KiB total head limit. The probe puts them in place of this.
    static let legalFields = "{FIELDS}"

    static let headRefusal = "a request head of more than 81920 bytes (the server accepts at most 81920)"

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The limit that closed each of `server`'s connections, folded connections counted one by one.
    static func limits(of server: String, in transcript: Transcript) -> [ConnectionLimit] {
        ListenerLimitsTests.limits(of: server, in: transcript)
    }

    static let limits = ConnectionLimits(
        tlsHandshake: .seconds(10), requestHead: .seconds(10), requestBody: .seconds(1), connection: .seconds(60))

    @Test(
        "a TLS origin, a plain origin, a forward proxy and an HTTPS proxy answer a 92 KB head of legal fields 431 and close; a stalled body is closed at the body limit"
    )
    func originsAndProxies() async throws {
        try await withTeardown { teardown in
            let catalog = ScenarioCatalog.directory(MockAuthDBinary.scenarios)
            let plain = try await ScenarioRun.start(try catalog.load("proxy-basic"), limits: Self.limits)
            teardown.add { await plain.shutdown() }
            let secure = try await ScenarioRun.start(try catalog.load("proxy-https-auth"), limits: Self.limits)
            teardown.add { await secure.shutdown() }
            let origin = try #require(plain.server.endpoint("origin")?.port)
            let proxy = try #require(plain.server.endpoint("proxy")?.port)
            let tlsOrigin = try #require(secure.server.endpoint("origin")?.port)
            let httpsProxy = try #require(secure.server.endpoint("proxy")?.port)
            let big = "GET / HTTP/1.1\r\nHost: x\r\n\(Self.legalFields)\r\n"
            let bigProxied = "GET http://127.0.0.1:\(origin)/ HTTP/1.1\r\nHost: x\r\n\(Self.legalFields)\r\n"
            // A POST whose body stops after 3 of its 100 bytes. To the proxies, without credentials:
            // they answer 407 from the head and then wait for the body's end.
            let stalled = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc"
            let stalledProxied =
                "POST http://127.0.0.1:\(origin)/ HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc"
            let outcomes = try await Self.probe([
                ("origin", origin, Self.bytes(big), false), ("tlsOrigin", tlsOrigin, Self.bytes(big), true),
                ("proxy", proxy, Self.bytes(bigProxied), false),
                ("httpsProxy", httpsProxy, Self.bytes(bigProxied), true),
                ("originBody", origin, Self.bytes(stalled), false),
                ("tlsOriginBody", tlsOrigin, Self.bytes(stalled), true),
                ("proxyBody", proxy, Self.bytes(stalledProxied), false),
                ("httpsProxyBody", httpsProxy, Self.bytes(stalledProxied), true),
            ])
            for name in ["origin", "tlsOrigin", "proxy", "httpsProxy"] {
                let outcome = try #require(outcomes[name], "\(name): no outcome")
                #expect(outcome.status == 431, "\(name): \(outcome.response.prefix(300))")
                #expect(outcome.closes && outcome.closed, "\(name): \(outcome.response.prefix(300))")
                #expect(outcome.body == Self.headRefusal + "\n", "\(name): \(outcome.body)")
            }
            for name in ["originBody", "tlsOriginBody"] {
                let outcome = try #require(outcomes[name], "\(name): no outcome")
                #expect(outcome.closed && outcome.response.isEmpty, "\(name): \(outcome.response.prefix(300))")
            }
            for name in ["proxyBody", "httpsProxyBody"] {
                let outcome = try #require(outcomes[name], "\(name): no outcome")
                #expect(outcome.status == 407 && outcome.closed, "\(name): \(outcome.response.prefix(300))")
            }
            for run in [plain, secure] {
                await run.server.settle(timeout: .seconds(2))
                let transcript = run.transcript()
                for server in ["origin", "proxy"] {
                    #expect(
                        Self.limits(of: server, in: transcript) == [.requestBody],
                        "\(server): \(transcript.connections.filter { $0.server == server })")
                    let refusals = transcript.connections.filter { $0.server == server }.flatMap(\.requests)
                        .compactMap(\.refusal)
                    #expect(refusals.map(\.limit) == [.headSize], "\(server): \(refusals)")
                    #expect(
                        transcript.connections.allSatisfy { $0.protocolError == nil },
                        "a limit is no malformed request: \(transcript.connections.compactMap(\.protocolError))")
                }
            }
        }
    }

    @Test("an HTTP/2 origin (h2 by ALPN) closes a stream whose body stalls at the body limit, recorded as that limit")
    func http2Origin() async throws {
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("basic-http2"), limits: Self.limits)
            teardown.add { await run.shutdown() }
            let port = try #require(run.server.endpoint("origin")?.port)
            // The preface, an empty SETTINGS frame, and the HEADERS of a POST on stream 1 that does
            // not end the stream (HPACK: `:method POST`, `:path /`, `:scheme https` from the static
            // table, `:authority x` a literal), then 3 bytes of DATA that do not end it either.
            let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8) + [0, 0, 0, 4, 0, 0, 0, 0, 0]
            let headers: [UInt8] = [0, 0, 6, 1, 4, 0, 0, 0, 1, 0x83, 0x84, 0x87, 0x41, 0x01, 0x78]
            let data: [UInt8] = [0, 0, 3, 0, 0, 0, 0, 0, 1] + Array("abc".utf8)
            let outcomes = try await Self.probe(
                [("stalled", port, preface + headers + data, true)], alpn: ["stalled": "h2"])
            let stalled = try #require(outcomes["stalled"])
            #expect(stalled.closed, "\(stalled.response.prefix(300))")
            await run.server.settle(timeout: .seconds(2))
            let transcript = run.transcript()
            #expect(Self.limits(of: "origin", in: transcript) == [.requestBody], "\(transcript.connections)")
            // Spoken to in HTTP/1.1, the preface would have been a malformed request, answered 400.
            #expect(!stalled.response.hasPrefix("HTTP/1.1"), "\(stalled.response.prefix(300))")
            #expect(transcript.connections.allSatisfy { $0.protocolError == nil }, "\(transcript.connections)")
        }
    }

    @Test(
        "a revocation server answers a 92 KB head 431, a Content-Length over 1 MiB 413 from the head with Connection: close, and closes a stalled OCSP body at the body limit"
    )
    func revocationServer() async throws {
        try await withTeardown { teardown in
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("tls-revocation-good"),
                limits: Self.limits)
            teardown.add { await run.shutdown() }
            let port = try #require(run.server.endpoint("revocation")?.port)
            let ocsp = "POST /ocsp HTTP/1.1\r\nHost: x\r\nContent-Type: application/ocsp-request\r\n"
            let outcomes = try await Self.probe([
                ("head", port, Self.bytes("GET /crl HTTP/1.1\r\nHost: x\r\n\(Self.legalFields)\r\n"), false),
                // The head alone: the 413 must not wait for 2 MB that never come.
                ("tooLarge", port, Self.bytes(ocsp + "Content-Length: 2000000\r\n\r\n"), false),
                ("stalled", port, Self.bytes(ocsp + "Content-Length: 80\r\n\r\n0"), false),
            ])
            let head = try #require(outcomes["head"])
            #expect(head.status == 431 && head.closes && head.closed, "\(head.response.prefix(300))")
            #expect(head.body == Self.headRefusal + "\n")
            let tooLarge = try #require(outcomes["tooLarge"])
            #expect(tooLarge.status == 413 && tooLarge.closes && tooLarge.closed, "\(tooLarge.response)")
            let stalled = try #require(outcomes["stalled"])
            #expect(stalled.closed && stalled.response.isEmpty, "\(stalled.response)")
            await run.server.settle(timeout: .seconds(2))
            let transcript = run.transcript()
            #expect(Self.limits(of: "revocation", in: transcript) == [.requestBody], "\(transcript.connections)")
            let refusals = transcript.connections.flatMap(\.requests).compactMap(\.refusal)
            #expect(Set(refusals.map(\.limit)) == [.headSize, .body], "\(refusals)")
        }
    }

    @Test(
        "serve --request-body-timeout 1: the control API answers a 92 KB head 431 as JSON, a body without the token 401 from the head, and closes a stalled body at the body limit"
    )
    func controlAPI() async throws {
        try await ServeProcess.with(["basic", "--request-body-timeout", "1"]) { serve in
            let control = try serve.control()
            let port = try #require(URL(string: control.url)?.port)
            let endpoints = try serve.endpoints()
            let scenario = try #require((endpoints["scenarios"] as? [[String: Any]])?.first)
            let origin = try #require((scenario["url"] as? String).flatMap(URL.init(string:))?.port)
            let outcomes = try await Self.probe([
                ("head", port, Self.bytes("GET /v1/scenarios HTTP/1.1\r\nHost: x\r\n\(Self.legalFields)\r\n"), false),
                // The head alone, no token: answered without one byte of the body.
                (
                    "noToken", port, Self.bytes("POST /v1/runs HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n"),
                    false
                ),
                (
                    "stalled", port,
                    Self.bytes(
                        "POST /v1/runs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(control.token)\r\n"
                            + "Content-Length: 100\r\n\r\n{\"sc"), false
                ),
                ("origin", origin, Self.bytes("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc"), false),
            ])
            let head = try #require(outcomes["head"])
            #expect(head.status == 431 && head.closes && head.closed, "\(head.response.prefix(300))")
            #expect(head.response.contains("Content-Type: application/json"))
            let error = try JSONSerialization.jsonObject(with: Data(head.body.utf8)) as? [String: String]
            #expect(error == ["error": Self.headRefusal], "\(head.body)")
            let noToken = try #require(outcomes["noToken"])
            #expect(noToken.status == 401 && noToken.closes && noToken.closed, "\(noToken.response)")
            let stalled = try #require(outcomes["stalled"])
            #expect(stalled.closed && stalled.response.isEmpty, "\(stalled.response)")
            let origined = try #require(outcomes["origin"])
            #expect(
                origined.closed && origined.response.isEmpty, "the flag reaches the scenario servers too: \(origined)")
        }
    }
}
