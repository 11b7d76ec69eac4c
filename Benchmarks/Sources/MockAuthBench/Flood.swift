import Foundation
import NIOCore
import NIOPosix

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 35's floods: a listener given 50,000 connections that each differ in a value the client
/// chooses, and what is left of it: `serve`'s RSS beside its baseline, the transcript's records and
/// size. Without the transcript's bounds each such connection kept a record of its own (about 2.1 KB
/// of RSS each for a SOCKS username).
extension Bench {
    /// Connections each flood opens.
    static let floodConnections = 50_000

    /// One flood: the scenario `serve` runs, the listener it targets and what each connection sends.
    struct Flood: Sendable {
        /// What the figure's row says each connection sends.
        var label: String
        var scenario: String
        /// The listener's port, from the run's entry in the endpoints file.
        var port: @Sendable ([String: Any]) -> Int?
        /// The bytes connection `index` sends in one write; all alike (index 0's) unless `distinct`.
        var payload: @Sendable (_ index: Int, _ distinct: Bool) -> [UInt8]
    }

    /// The floods: every kind of client-chosen value a record keeps (issue 35).
    static let floods: [Flood] = [
        Flood(
            label: "`serve socks5-auth`: each connection a distinct 200-byte RFC 1929 username (a wrong password)",
            scenario: "socks5-auth", port: proxyPort,
            payload: { index, distinct in
                let username = padded(distinct ? "flood-\(index)-" : "flood-", to: 200, with: "u")
                return [5, 1, 2, 1, UInt8(username.count)] + username + [5] + Array("wrong".utf8)
            }),
        Flood(
            label: "`serve socks5`: each connection a greeting and a CONNECT to a distinct 250-byte domain name",
            scenario: "socks5", port: proxyPort,
            payload: { index, distinct in
                let name = padded(distinct ? "d\(index)-" : "d-", to: 250, with: "d")
                return [5, 1, 0] + [5, 1, 0, 3, UInt8(name.count)] + name + [1, 187]
            }),
        Flood(
            label:
                "`serve basic`: each connection a request line with a distinct method, in plain text on the TLS port",
            scenario: "basic", port: urlPort,
            payload: { index, distinct in
                Array("M\(distinct ? index : 0) / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            }),
        Flood(
            label:
                "`serve proxy-basic`: each connection a request to the plain origin with a distinct 300-byte header value",
            scenario: "proxy-basic", port: urlPort,
            payload: { index, distinct in
                let value = String(decoding: padded(distinct ? "\(index)-" : "-", to: 300, with: "v"), as: UTF8.self)
                return Array("GET / HTTP/1.1\r\nHost: x\r\nX-Flood: \(value)\r\nConnection: close\r\n\r\n".utf8)
            }),
    ]

    /// `prefix` followed by `filler` up to `length` bytes.
    private static func padded(_ prefix: String, to length: Int, with filler: Character) -> [UInt8] {
        Array((prefix + String(repeating: filler, count: length)).utf8.prefix(length))
    }

    /// The SOCKS5 proxy's port (`MOCKAUTH_PROXY_URL`).
    @Sendable private static func proxyPort(_ entry: [String: Any]) -> Int? {
        ((entry["environment"] as? [String: String])?["MOCKAUTH_PROXY_URL"]).flatMap(URL.init(string:))?.port
    }

    /// The port of the run's first URL (its origin).
    @Sendable private static func urlPort(_ entry: [String: Any]) -> Int? {
        (entry["url"] as? String).flatMap(URL.init(string:))?.port
    }

    mutating func flood() async throws {
        print("floods of distinct client-chosen values:")
        for flood in Self.floods { try await run(flood) }
    }

    private mutating func run(_ flood: Flood) async throws {
        let (server, _) = try await serve(flood.scenario, scenarios: "\(options.repository)/Scenarios")
        try await stopping([server]) {
            let endpoints = try endpointsFile(of: server)
            let json =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: endpoints)))
                as? [String: Any]
            guard let entry = (json?["scenarios"] as? [[String: Any]])?.first, let port = flood.port(entry) else {
                throw BenchError("serve \(flood.scenario) gave no port to flood")
            }
            // The baseline: after 1,000 identical connections, so that what the first connections
            // allocate once (event loops' buffers, the first records) is in it.
            _ = try await Self.flood(port: port, count: 1_000, payload: flood.payload, distinct: false)
            let baseline = server.residentMegabytes
            let started = ContinuousClock.now
            let sent = try await Self.flood(
                port: port, count: Self.floodConnections, payload: flood.payload, distinct: true)
            let seconds = (ContinuousClock.now - started).seconds
            try await Task.sleep(for: .seconds(1))
            let after = server.residentMegabytes
            let control = try ControlClient(endpointsFile: endpoints)
            let transcript = try await Self.transcript(control, run: flood.scenario)
            let growth = (after ?? 0) - (baseline ?? 0)
            report.add(
                "\(flood.label): \(sent.formatted()) connections (\(Format.seconds(seconds)))",
                mockAuth:
                    "RSS \(Format.megabytes(baseline)) → \(Format.megabytes(after)); transcript \(transcript.records.formatted()) connection records, \(Format.megabytes(Double(transcript.bytes) / 1_048_576)) of JSON",
                ratio: String(format: "%+.1f MB", abs(growth) < 0.05 ? 0 : growth),
                target: "within 32 MB of the baseline; ≤ 11,000 records (10,000 and a tenth generalized)")
        }
    }

    /// Opens `count` connections to `port`, 16 at a time, each sending `payload` in one write and
    /// waiting for the server to close. Bounded by 600 s. Returns how many were sent.
    static func flood(
        port: Int, count: Int, payload: @escaping @Sendable (Int, Bool) -> [UInt8], distinct: Bool
    ) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(600)
        return await withTaskGroup(of: Int.self) { group in
            let lanes = 16
            for lane in 0..<lanes {
                group.addTask {
                    var sent = 0
                    for index in stride(from: lane, to: count, by: lanes) where ContinuousClock.now < deadline {
                        if (try? await once(port: port, bytes: payload(index, distinct))) != nil { sent += 1 }
                    }
                    return sent
                }
            }
            return await group.reduce(0, +)
        }
    }

    /// Sends `bytes` on a new connection and waits for the server to close it (10 s at most).
    private static func once(port: Int, bytes: [UInt8]) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
        let closed = channel.closeFuture
        channel.eventLoop.scheduleTask(in: .seconds(10)) { channel.close(promise: nil) }
        try await closed.get()
    }

    /// The run's transcript from the control API: its connection records and its size in bytes.
    private static func transcript(_ control: ControlClient, run: String) async throws -> (records: Int, bytes: Int) {
        guard let target = URL(string: control.url + "/v1/runs/\(run)/transcript") else {
            throw BenchError("bad control URL \(control.url)")
        }
        var request = URLRequest(url: target)
        request.setValue("Bearer \(control.token)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let transcript = (json?["transcript"] as? [String: Any]) ?? json
        return ((transcript?["connections"] as? [Any])?.count ?? 0, data.count)
    }
}
