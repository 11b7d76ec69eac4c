import Foundation
import MockAuth
import MockAuthTestSupport
import Testing

/// An HTTPS proxy's listener, over real sockets: the TLS handshake to the proxy is held to the
/// handshake limit, and bytes that are not TLS close the connection without waiting for a limit.
@Suite("HTTPS proxy: the TLS listener's limits, over real sockets")
struct HTTPSProxyLimitsTests {
    @Test(
        "a stalled ClientHello to the HTTPS proxy is closed by the handshake limit; plaintext HTTP and TLS garbage are refused, with no limit to wait for; all recorded"
    )
    func stalledAndGarbage() async throws {
        // The start of a ClientHello that never goes on: closed by the 1 s handshake limit, which
        // the transcript names.
        try await withTeardown { teardown in
            let limits = ConnectionLimits(
                tlsHandshake: .seconds(1), requestHead: .seconds(60), connection: .seconds(60))
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("proxy-https"), limits: limits)
            teardown.add { await run.shutdown() }
            let proxy = try #require(run.server.endpoint("proxy")?.port)
            let stalled: [UInt8] = [0x16, 0x03, 0x01, 0x02, 0x00, 0x01]
            let (closed, output) = try await ListenerLimitsTests.closing([("stalled", proxy, stalled, false)])
            #expect(closed["stalled"] != nil, "stalled was not closed: \(output)")
            await run.server.settle(timeout: .seconds(2))
            let connections = run.transcript().connections.filter { $0.server == "proxy" }
            #expect(ListenerLimitsTests.limits(of: "proxy", in: run.transcript()) == [.tlsHandshake], "\(connections)")
            #expect(connections.allSatisfy { $0.requests.isEmpty }, "no request got through: \(connections)")
            #expect(run.transcript().connections.filter { $0.server == "origin" }.isEmpty)
        }
        // Bytes that are not TLS, with every limit at 60 s: only the refusal itself can close them
        // before the probe gives up (12 s), and the transcript has them as failed handshakes that
        // no limit closed.
        try await withTeardown { teardown in
            let limits = ConnectionLimits(
                tlsHandshake: .seconds(60), requestHead: .seconds(60), requestBody: .seconds(60),
                connection: .seconds(60))
            let run = try await ScenarioRun.start(
                try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load("proxy-https"), limits: limits)
            teardown.add { await run.shutdown() }
            let proxy = try #require(run.server.endpoint("proxy")?.port)
            let origin = try #require(run.server.endpoint("origin")?.port)
            let plaintext = Array("CONNECT 127.0.0.1:\(origin) HTTP/1.1\r\nHost: 127.0.0.1:\(origin)\r\n\r\n".utf8)
            // A handshake record whose body is not a ClientHello.
            let garbage: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0x08] + Array(repeating: 0xFF, count: 8)
            let (closed, output) = try await ListenerLimitsTests.closing([
                ("plaintext", proxy, plaintext, false), ("garbage", proxy, garbage, false),
            ])
            for name in ["plaintext", "garbage"] {
                #expect(closed[name] != nil, "\(name) was not closed: \(output)")
            }
            await run.server.settle(timeout: .seconds(2))
            let connections = run.transcript().connections.filter { $0.server == "proxy" }
            #expect(ListenerLimitsTests.limits(of: "proxy", in: run.transcript()).isEmpty, "\(connections)")
            let failed = connections.filter { $0.tls?.state == .failed }
            #expect(failed.count + failed.map(\.repeats).reduce(0, +) == 2, "\(connections)")
            #expect(connections.allSatisfy { $0.requests.isEmpty }, "no request got through: \(connections)")
            #expect(run.transcript().connections.filter { $0.server == "origin" }.isEmpty)
        }
    }
}
