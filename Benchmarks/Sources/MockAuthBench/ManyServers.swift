import Foundation
import MockAuth

/// `mockauth-bench many-servers N`: starts one scenario of N plain servers in this process and
/// prints how long that took and the process's RSS then (a process of its own, so the RSS is the
/// servers' and nothing else's).
enum ManyServers {
    static func scenario(count: Int) -> Scenario {
        Scenario(
            name: "many", summary: "\(count) servers",
            servers: (0..<count).map { ServerSpec(id: "s\($0)") },
            client: ClientSpec(requests: [RequestSpec(server: "s0")]),
            expectations: [ScenarioExpectation(.requestSucceeds(server: "s0", path: nil))])
    }

    static func run(count: Int) async throws {
        let pki = try HarnessPKI.shared()
        let scenario = scenario(count: count)
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
