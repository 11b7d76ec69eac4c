import Foundation
import MockAuthCommands

/// A program the benchmarks run through the supervised runner: started, waited for with a bound,
/// its output kept.
struct Command {
    /// The result of a command that ran to its end (or was stopped at its bound).
    struct Result {
        var status: Int32
        var output: String
        var seconds: Double
        var timedOut: Bool
    }

    /// Runs `arguments` (the first is looked up on `PATH`) and waits at most `timeout` seconds.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 600) async throws
        -> Result
    {
        let clock = ContinuousClock()
        let start = clock.now
        let ended = try await Background.process(arguments, environment: environment)
            .run(timeout: .milliseconds(Int(timeout * 1000)))
        let elapsed = (clock.now - start).components
        return Result(
            status: ended.status, output: ended.outputText,
            seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, timedOut: ended.stopped)
    }

    /// The full path of `tool` on `PATH`, or `nil`.
    static func which(_ tool: String) -> String? {
        if tool.contains("/") { return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A program running in the background (a server under load), its output collected as it comes.
/// Stopped with SIGINT (SIGKILL 10 s later), as Ctrl-C would.
final class Background: Sendable {
    /// The program and its arguments.
    let arguments: [String]
    private let process: RunningProcess

    init(_ arguments: [String], environment: [String: String] = [:]) async throws {
        self.arguments = arguments
        process = try await Self.process(arguments, environment: environment).start()
    }

    /// The supervised process for `arguments`, with `environment` added to this process's.
    static func process(_ arguments: [String], environment: [String: String]) throws -> SupervisedProcess {
        guard let executable = arguments.first.flatMap(Command.which) else {
            throw BenchError("\(arguments.first ?? "?") is not installed")
        }
        return SupervisedProcess(
            [executable] + arguments.dropFirst(),
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new }, output: .merged,
            stopSignal: .interrupt, grace: .seconds(10))
    }

    var pid: Int32 { process.processID }
    var output: String { process.outputText }

    /// Waits for the exit; `false` when `seconds` passed first.
    func wait(seconds: Double) async -> Bool {
        await process.waitForExit(timeout: .milliseconds(Int(seconds * 1000))) != nil
    }

    /// Waits until the output contains `text`, at most `seconds`.
    func waitForOutput(_ text: String, seconds: Double) async throws {
        guard await process.waitForOutput(containing: text, timeout: .milliseconds(Int(seconds * 1000))) else {
            throw BenchError("\(process.processID) did not print '\(text)': \(output)")
        }
    }

    /// SIGINT, then SIGKILL after 10 s.
    func stop() async {
        await process.stop()
    }

    /// The resident set size, in megabytes (Linux: `/proc/PID/status`), or `nil`.
    var residentMegabytes: Double? { Memory.residentMegabytes(pid: pid) }
}

enum Memory {
    /// VmRSS of `pid` (or of this process), in MB.
    static func residentMegabytes(pid: Int32? = nil) -> Double? {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body`, then stops `servers` (and `nginx`), whether `body` returns or throws.
func stopping<Result>(_ servers: [Background], nginx: Nginx? = nil, after body: () async throws -> Result) async throws
    -> Result
{
    do {
        let result = try await body()
        for server in servers { await server.stop() }
        await nginx?.stop()
        return result
    } catch {
        for server in servers { await server.stop() }
        await nginx?.stop()
        throw error
    }
}
