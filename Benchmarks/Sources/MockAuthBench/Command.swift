import Foundation

/// A program the benchmarks run: started, waited for with a bound, its output kept.
struct Command {
    /// The result of a command that ran to its end (or was stopped at its bound).
    struct Result {
        var status: Int32
        var output: String
        var seconds: Double
        var timedOut: Bool
    }

    /// Runs `arguments` (the first is looked up on `PATH`) and waits at most `timeout` seconds.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Double = 600,
        directory: String? = nil
    ) throws -> Result {
        let process = try Background(arguments, environment: environment, directory: directory)
        let start = Date()
        let timedOut = !process.wait(seconds: timeout)
        if timedOut { process.stop() }
        return Result(
            status: process.status, output: process.output, seconds: Date().timeIntervalSince(start),
            timedOut: timedOut)
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
final class Background: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var collected = Data()
    private let exited = DispatchSemaphore(value: 0)
    private let drained = DispatchSemaphore(value: 0)

    init(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws {
        guard let executable = arguments.first.flatMap(Command.which) else {
            throw BenchError("\(arguments.first ?? "?") is not installed")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { collected.append(chunk) }
            }
            drained.signal()
        }
    }

    var pid: Int32 { process.processIdentifier }
    var output: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }
    var status: Int32 { process.isRunning ? -1 : process.terminationStatus }

    /// Waits for the exit; `false` when `seconds` passed first.
    func wait(seconds: Double) -> Bool {
        guard exited.wait(timeout: .now() + seconds) == .success else { return false }
        exited.signal()
        _ = drained.wait(timeout: .now() + 5)
        return true
    }

    /// Waits until the output contains `text`, at most `seconds`.
    func waitForOutput(_ text: String, seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !output.contains(text) {
            guard process.isRunning, Date() < deadline else {
                throw BenchError(
                    "\(process.executableURL?.lastPathComponent ?? "?") did not print '\(text)': \(output)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// SIGINT, then SIGKILL after 10 s.
    func stop() {
        guard process.isRunning else { return }
        kill(pid, SIGINT)
        if !wait(seconds: 10) {
            kill(pid, SIGKILL)
            _ = wait(seconds: 5)
        }
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
