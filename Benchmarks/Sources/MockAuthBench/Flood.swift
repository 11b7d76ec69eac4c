import Foundation
import NIOCore
import NIOPosix

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 35's flood: `serve socks5-auth` given 50,000 connections that each offer a distinct
/// 200-byte RFC 1929 username (refused: a wrong password), and what is left of it: `serve`'s RSS
/// beside its baseline, the transcript's records and size. Without the transcript's bounds each
/// such connection kept a record of its own (about 2.1 KB of RSS each).
extension Bench {
    /// Connections the flood opens.
    static let floodConnections = 50_000

    mutating func flood() async throws {
        print("a flood of distinct SOCKS usernames:")
        let (server, _) = try await serve("socks5-auth", scenarios: "\(options.repository)/Scenarios")
        try await stopping([server]) {
            let endpoints = try endpointsFile(of: server)
            let json =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: endpoints)))
                as? [String: Any]
            let environment = (json?["scenarios"] as? [[String: Any]])?.first?["environment"] as? [String: String]
            guard let proxy = environment?["MOCKAUTH_PROXY_URL"].flatMap(URL.init(string:)), let port = proxy.port
            else { throw BenchError("serve socks5-auth gave no MOCKAUTH_PROXY_URL") }
            // The baseline: after 1,000 connections with one username, so that what the first
            // connections allocate once (event loops' buffers, the first records) is in it.
            _ = try await Self.floodSOCKS(port: port, count: 1_000, distinct: false)
            let baseline = server.residentMegabytes
            let started = ContinuousClock.now
            let sent = try await Self.floodSOCKS(port: port, count: Self.floodConnections, distinct: true)
            let seconds = (ContinuousClock.now - started).seconds
            try await Task.sleep(for: .seconds(1))
            let after = server.residentMegabytes
            let control = try ControlClient(endpointsFile: endpoints)
            let transcript = try await Self.transcript(control, run: "socks5-auth")
            let growth = (after ?? 0) - (baseline ?? 0)
            report.add(
                "`serve socks5-auth`: \(sent.formatted()) connections, each a distinct 200-byte SOCKS username (\(Format.seconds(seconds)))",
                mockAuth:
                    "RSS \(Format.megabytes(baseline)) → \(Format.megabytes(after)); transcript \(transcript.records.formatted()) connection records, \(Format.megabytes(Double(transcript.bytes) / 1_048_576)) of JSON",
                ratio: String(format: "%+.1f MB", abs(growth) < 0.05 ? 0 : growth),
                target: "within 32 MB of the baseline; ≤ 10,000 records")
        }
    }

    /// Opens `count` connections to the SOCKS5 proxy at `port`, 16 at a time, each sending a greeting
    /// and an RFC 1929 step with a wrong password in one write and waiting for the proxy to close;
    /// each username distinct when `distinct`. Bounded by 600 s. Returns how many were sent.
    static func floodSOCKS(port: Int, count: Int, distinct: Bool) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(600)
        return await withTaskGroup(of: Int.self) { group in
            let lanes = 16
            for lane in 0..<lanes {
                group.addTask {
                    var sent = 0
                    for index in stride(from: lane, to: count, by: lanes) where ContinuousClock.now < deadline {
                        let name = distinct ? "flood-\(index)-" : "flood-"
                        let username = Array((name + String(repeating: "u", count: 200)).utf8.prefix(200))
                        let bytes: [UInt8] = [5, 1, 2, 1, UInt8(username.count)] + username + [5] + Array("wrong".utf8)
                        if (try? await once(port: port, bytes: bytes)) != nil { sent += 1 }
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
