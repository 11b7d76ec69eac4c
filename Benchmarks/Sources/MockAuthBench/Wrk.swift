import Foundation

/// wrk, the load generator: one thread, 8 connections, for a bounded time.
enum Wrk {
    struct Result {
        var requestsPerSecond: Double
        var requests: Int
        /// Non-2xx/3xx answers: a load that was refused is no throughput.
        var errors: Int
    }

    static var isInstalled: Bool { Command.which("wrk") != nil }

    /// Loads `url` for `seconds` with the Basic credentials of the benchmark scenarios.
    static func load(
        _ url: String, seconds: Int, connections: Int = 8, newConnectionPerRequest: Bool = false,
        authorization: String? = BareServer.expected
    ) async throws -> Result {
        var arguments = ["wrk", "-t1", "-c\(connections)", "-d\(seconds)s", "--timeout", "5s"]
        if let authorization { arguments += ["-H", "Authorization: \(authorization)"] }
        if newConnectionPerRequest { arguments += ["-H", "Connection: close"] }
        let result = try await Command.run(arguments + [url], timeout: Double(seconds) + 60)
        guard result.status == 0 else { throw BenchError("wrk failed: \(result.output)") }
        return try parse(result.output)
    }

    /// The run with the median rate; errors summed over every run.
    static func median(_ runs: [Result]) -> Result {
        let sorted = runs.sorted { $0.requestsPerSecond < $1.requestsPerSecond }
        var middle = sorted[sorted.count / 2]
        middle.errors = runs.reduce(0) { $0 + $1.errors }
        return middle
    }

    static func parse(_ output: String) throws -> Result {
        var rate: Double?
        var requests: Int?
        var errors = 0
        for line in output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let words = line.split(separator: " ")
            if line.hasPrefix("Requests/sec:"), let value = words.last.flatMap({ Double($0) }) { rate = value }
            if line.contains(" requests in "), let value = words.first.flatMap({ Int($0) }) { requests = value }
            if line.hasPrefix("Non-2xx or 3xx responses:"), let value = words.last.flatMap({ Int($0) }) {
                errors += value
            }
            if line.hasPrefix("Socket errors:") {
                errors += line.split(separator: ",").compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
                    .reduce(0, +)
            }
        }
        guard let rate, let requests else { throw BenchError("cannot read wrk's output: \(output)") }
        return Result(requestsPerSecond: rate, requests: requests, errors: errors)
    }
}
