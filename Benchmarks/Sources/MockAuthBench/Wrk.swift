import Foundation

/// wrk, the load generator: `threads` threads, `connections` connections, for a bounded time; its
/// own CPU time is measured too, so that a figure the load generator limited is told apart from
/// one the server did.
enum Wrk {
    struct Result {
        var requestsPerSecond: Double
        var requests: Int
        /// Non-2xx/3xx answers: a load that was refused is no throughput.
        var errors: Int
        /// What wrk itself used (user + system), in seconds, when the shell could say.
        var clientCPUSeconds: Double?
        /// wrk's threads and run time: together with ``clientCPUSeconds``, how busy the client was.
        var threads: Int
        var seconds: Int

        /// The share of its threads' time wrk spent on the CPU (1: the load generator was the limit).
        var clientBusy: Double? {
            clientCPUSeconds.map { $0 / Double(max(1, threads * seconds)) }
        }
    }

    static var isInstalled: Bool { Command.which("wrk") != nil }

    /// Loads `url` for `seconds` with the Basic credentials of the benchmark scenarios; on the cores
    /// `cpus` only, when given (``CPUAffinity``).
    static func load(
        _ url: String, seconds: Int, connections: Int = 8, threads: Int = 1, newConnectionPerRequest: Bool = false,
        authorization: String? = BareServer.expected, cpus: [Int]? = nil
    ) async throws -> Result {
        var arguments = ["wrk", "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--timeout", "5s"]
        if let cpus, let taskset = Command.which("taskset") {
            arguments = [taskset, "-c", cpus.map(String.init).joined(separator: ",")] + arguments
        }
        if let authorization { arguments += ["-H", "Authorization: \(authorization)"] }
        if newConnectionPerRequest { arguments += ["-H", "Connection: close"] }
        // bash's `times` prints the CPU time of the shell's children (here wrk) after it exits.
        let result = try await Command.run(
            ["bash", "-c", #""$@"; status=$?; times; exit $status"#, "wrk-times"] + arguments + [url],
            timeout: Double(seconds) + 60)
        guard result.status == 0 else { throw BenchError("wrk failed: \(result.output)") }
        var parsed = try parse(result.output)
        parsed.clientCPUSeconds = childrenCPUSeconds(result.output)
        parsed.threads = threads
        parsed.seconds = seconds
        return parsed
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
        return Result(
            requestsPerSecond: rate, requests: requests, errors: errors, clientCPUSeconds: nil, threads: 1, seconds: 0)
    }

    /// The children's user + system time from the last line of bash's `times` (`0m3.41s 0m1.53s`).
    static func childrenCPUSeconds(_ output: String) -> Double? {
        guard let last = output.split(separator: "\n").last(where: { $0.contains("m") && $0.hasSuffix("s") }) else {
            return nil
        }
        let times = last.split(separator: " ").compactMap { field -> Double? in
            let parts = field.dropLast().split(separator: "m")
            guard parts.count == 2, let minutes = Double(parts[0]), let seconds = Double(parts[1]) else { return nil }
            return minutes * 60 + seconds
        }
        return times.count == 2 ? times[0] + times[1] : nil
    }
}
