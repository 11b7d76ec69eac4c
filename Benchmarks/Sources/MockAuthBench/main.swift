import Foundation

// mockauth-bench: MockAuth's benchmarks beside their anchors (`make bench`), and the helper modes
// it starts as processes of their own.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "bare-server":
        try await BareServer.run(tls: arguments.dropFirst().first)
    case "minimal-server":
        try await MinimalServer.run(tls: arguments.dropFirst().first)
    case "attack":
        // attack HOST PORT SECONDS: four hostile clients for SECONDS, then the count sent.
        let rest = Array(arguments.dropFirst())
        guard rest.count == 3, let port = Int(rest[1]), let seconds = Double(rest[2]) else {
            throw BenchError("usage: mockauth-bench attack HOST PORT SECONDS")
        }
        let host = rest[0]
        let attackers = (0..<4).map { _ in
            Task { await HostileClient.attack(host: host, port: port, limit: seconds) }
        }
        var sent = 0
        for attacker in attackers { sent += await attacker.value }
        print("SENT \(sent)")
    case "many-servers":
        try await ManyServers.run(count: Int(arguments.dropFirst().first ?? "") ?? 1_000)
    default:
        var bench = try Bench(options: try Bench.Options(arguments))
        try await bench.run()
    }
} catch {
    FileHandle.standardError.write(Data("mockauth-bench: \(error)\n".utf8))
    exit(1)
}
