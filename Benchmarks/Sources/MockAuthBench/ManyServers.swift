import Foundation
import MockAuth

/// `mockauth-bench many-servers N`: starts one scenario of N plain servers in this process and
/// prints how long that took and the process's RSS then (a process of its own, so the RSS is the
/// servers' and nothing else's).
enum ManyServers {
    /// The scenario of ``yaml(count:)``: the same one `check` gets as a file.
    static func scenario(count: Int) throws -> Scenario {
        try Scenario(yaml: yaml(count: count), name: "many", file: "many.yaml")
    }

    static func run(count: Int) async throws {
        let pki = try HarnessPKI.shared()
        let scenario = try scenario(count: count)
        let start = ContinuousClock.now
        let server = try await ScenarioServer.start(scenario, pki: pki)
        let seconds = (ContinuousClock.now - start).seconds
        print("STARTED \(seconds) \(Memory.residentMegabytes() ?? 0) \(server.endpoints.count)")
        fflush(nil)
        await server.shutdown()
    }

    /// The same scenario as a file, for `mockauthd check`.
    static func yaml(count: Int) -> String {
        var lines = ["version: 1", "summary: \(count) plain servers", "servers:"]
        lines += (0..<count).map { "  s\($0): {}" }
        lines += [
            "client:", "  requests:", "    - server: s0", "expect:", "  - rule: request-succeeds", "    server: s0",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
