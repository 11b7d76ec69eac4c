import Foundation
import MockAuth
import MockAuthTestSupport
import Testing

/// Each server has its own TLS context: a session can be resumed on the server that issued it, never
/// on another server (here: the same scenario in another run, with the same certificate).
@Suite("TLS session isolation")
struct TLSSessionIsolationTests {
    @Test("openssl resumes its session on the same server, and gets a full handshake on another")
    func resumptionStaysOnItsServer() async throws {
        try await withTeardown { teardown in
            let catalog = try ScenarioCatalog.directory(MockAuthDBinary.scenarios)
            let first = try await ScenarioRun.start(try catalog.load("tls-valid"))
            teardown.add { await first.shutdown() }
            let second = try await ScenarioRun.start(try catalog.load("tls-valid"))
            teardown.add { await second.shutdown() }
            let firstPort = try #require(first.server.endpoint("origin")?.port)
            let secondPort = try #require(second.server.endpoint("origin")?.port)
            let session = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID())").path
            defer { try? FileManager.default.removeItem(atPath: session) }
            // TLS 1.2 so the session exists when the handshake ends (1.3 tickets come afterwards).
            let client = #"openssl s_client -tls1_2 -CAfile "\#(first.files.caFile)" -connect 127.0.0.1:"#
            let script = """
                \(client)\(firstPort) -sess_out '\(session)' </dev/null 2>/dev/null | grep -E '^(New|Reused),' | head -1
                \(client)\(firstPort) -sess_in '\(session)' </dev/null 2>/dev/null | grep -E '^(New|Reused),' | head -1
                \(client)\(secondPort) -sess_in '\(session)' </dev/null 2>/dev/null | grep -E '^(New|Reused),' | head -1
                """
            let lines = try await Shell.run(script, timeout: 30).output.split(separator: "\n").map {
                $0.prefix { $0 != "," }
            }
            #expect(lines == ["New", "Reused", "New"], "\(lines)")
            // The transcript says so too: a full handshake, then a resumed one, on the first server;
            // a full one on the other. Every handshake the servers saw counts; a connection that
            // sent no TLS at all (a test running beside this one that dials a port it had and this
            // run was given again) has no handshake to resume, and is no part of what is checked.
            await first.server.settle()
            await second.server.settle()
            #expect(first.transcript().connections.compactMap { $0.tls?.resumed } == [false, true])
            #expect(second.transcript().connections.compactMap { $0.tls?.resumed } == [false])
        }
    }
}
