import Foundation

// mockauth-bench: MockAuth's benchmarks beside their anchors (`make bench`), and the helper modes
// it starts as processes of their own.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "bare-server":
        try await BareServer.run(tls: arguments.dropFirst().first)
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
