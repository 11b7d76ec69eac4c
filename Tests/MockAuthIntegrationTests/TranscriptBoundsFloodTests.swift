import Foundation
import MockAuth
import MockAuthTestSupport
import MockAuthTranscript
import Testing

/// Every listener flooded, over real sockets, with connections that each differ in a value the
/// client chooses (a SOCKS username or target, a method, a request target, a header): the
/// transcript keeps at most its limit of records per server, says what it folded, keeps no value
/// longer than ``TranscriptLimits`` allows, and the verdict's lines stay bounded.
@Suite("Transcript bounds under floods of distinct values, over real sockets")
struct TranscriptBoundsFloodTests {
    /// Records kept per server in these runs.
    static let limit = 40
    /// Connections each flood opens.
    static let count = 300

    /// Opens ``count`` connections one after another to `port`, each sending what `payload` (a
    /// Python expression of `i`, the connection's number, giving bytes) makes and reading until the
    /// server closes (2 s at most each). Bounded in count and time (60 s for the whole flood).
    static func flood(port: Int, payload: String) async throws {
        let script = """
            import socket, sys, time
            deadline = time.monotonic() + 60
            for i in range(\(count)):
                if time.monotonic() > deadline: sys.exit("flood took too long")
                s = socket.create_connection(("127.0.0.1", \(port))); s.settimeout(2)
                steps = \(payload)
                try:
                    for step in steps:
                        s.sendall(step)
                        s.recv(4096)
                    while s.recv(4096): pass
                except OSError:
                    pass
                s.close()
            print("sent")
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flood-\(UUID().uuidString).py")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await Shell.run("python3 \(file.path)", timeout: 90)
        #expect(result.status == 0 && result.output.contains("sent"), "\(result.output)")
    }

    /// Floods `server` of `scenario` and checks the bounds of its transcript and verdict.
    static func check(
        _ scenario: String, server: String, payload: String, folded: (Transcript) -> Bool
    ) async throws {
        try await withTeardown { teardown in
            let scenario = try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load(scenario)
            let run = try await ScenarioRun.start(scenario, transcriptLimit: Self.limit)
            teardown.add { await run.shutdown() }
            let port = try #require(run.server.endpoint(server)?.port)
            try await flood(port: port, payload: payload)
            await run.server.settle(timeout: .seconds(5))
            let transcript = run.transcript()
            let connections = transcript.connections(to: server)
            #expect(connections.filter(\.requests.isEmpty).count <= Self.limit, "\(connections.count) connections")
            #expect(connections.flatMap(\.requests).count <= Self.limit)
            // One budget for the server's connection records, those holding its requests included
            // (a tenth more for generalized ones).
            #expect(
                connections.count <= Self.limit + TranscriptLimits.generalizedRecords(of: Self.limit),
                "\(connections.count) connection records")
            let dropped = transcript.overflow?.foldedConnections?[server]?.dropped ?? 0
            #expect(connections.reduce(0) { $0 + $1.occurrences } + dropped == Self.count, "every connection counted")
            #expect(folded(transcript), "the overflow says what was folded: \(String(describing: transcript.overflow))")
            try expectValuesWithinLimits(transcript)
            let verdict = Judge.verdict(for: scenario, transcript: transcript)
            let longest = verdict.report.split(separator: "\n").map(\.utf8.count).max() ?? 0
            #expect(longest < 4096, "a line of \(longest) bytes: \(verdict.report.prefix(2000))")
        }
    }

    /// Every string of `transcript`'s JSON is within ``TranscriptLimits``: a header value within
    /// its own limit, a reason within its own, any other within ``TranscriptLimits/valueBytes``.
    static func expectValuesWithinLimits(_ transcript: Transcript) throws {
        func walk(_ value: Any, key: String) {
            switch value {
            case let string as String:
                let limit =
                    key == "value"
                    ? TranscriptLimits.headerValueBytes
                    : key == "reason" ? TranscriptLimits.reasonBytes : TranscriptLimits.valueBytes
                #expect(string.utf8.count <= limit, "\(key): \(string.utf8.count) bytes")
            case let array as [Any]:
                for item in array { walk(item, key: key) }
            case let object as [String: Any]:
                for (key, item) in object { walk(item, key: key) }
            default:
                break
            }
        }
        walk(try JSONSerialization.jsonObject(with: JSONEncoder().encode(transcript)), key: "")
    }

    static func foldedConnections(_ server: String) -> (Transcript) -> Bool {
        { ($0.overflow?.foldedConnections?[server]?.total ?? 0) > 0 }
    }

    static func droppedRequests(_ server: String) -> (Transcript) -> Bool {
        { ($0.overflow?.droppedRequests[server] ?? 0) > 0 }
    }

    /// A request line with a distinct method in plain text, where a TLS handshake is expected.
    static let plainMethods = #"[b"M%d / HTTP/1.1\r\nHost: x\r\n\r\n" % i]"#

    @Test("SOCKS5 with RFC 1929: distinct usernames")
    func socksUsernames() async throws {
        let step = #"bytes([1, 200]) + (("u%d-" % i) + "u" * 200)[:200].encode() + bytes([1, 120])"#
        try await Self.check(
            "socks5-auth", server: "proxy", payload: "[bytes([5, 1, 2]), \(step)]",
            folded: Self.foldedConnections("proxy"))
    }

    @Test("SOCKS5: CONNECTs to distinct domain names")
    func socksTargets() async throws {
        let name = #"(("d%d-" % i) + "d" * 250)[:250].encode()"#
        try await Self.check(
            "socks5", server: "proxy",
            payload: "[bytes([5, 1, 0]), bytes([5, 1, 0, 3, 250]) + \(name) + bytes([1, 187])]",
            folded: Self.foldedConnections("proxy"))
    }

    @Test("origin over TLS: distinct methods in plain text")
    func tlsOriginMethods() async throws {
        try await Self.check(
            "basic", server: "origin", payload: Self.plainMethods, folded: Self.foldedConnections("origin"))
    }

    @Test("HTTPS proxy: distinct methods in plain text on its TLS port")
    func httpsProxyMethods() async throws {
        try await Self.check(
            "proxy-https", server: "proxy", payload: Self.plainMethods, folded: Self.foldedConnections("proxy"))
    }

    @Test("plain origin: distinct long targets and header values")
    func plainOriginTargets() async throws {
        let request =
            #"[("GET /%d-%s HTTP/1.1\r\nHost: x\r\nX-Flood: %d%s\r\nConnection: close\r\n\r\n" % (i, "t" * 1000, i, "v" * 300)).encode()]"#
        try await Self.check(
            "proxy-basic", server: "origin", payload: request, folded: Self.droppedRequests("origin"))
    }

    @Test("forward proxy: distinct absolute targets")
    func forwardProxyTargets() async throws {
        let request =
            #"[("GET http://h%d.example/%s HTTP/1.1\r\nHost: h%d.example\r\nConnection: close\r\n\r\n" % (i, "p" * 400, i)).encode()]"#
        try await Self.check(
            "proxy-basic", server: "proxy", payload: request, folded: Self.droppedRequests("proxy"))
    }

    @Test("revocation server: distinct long paths")
    func revocationPaths() async throws {
        let request =
            #"[("GET /crl/%d-%s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % (i, "c" * 400)).encode()]"#
        try await Self.check(
            "tls-revocation-good", server: "revocation", payload: request,
            folded: Self.droppedRequests("revocation"))
    }
}
