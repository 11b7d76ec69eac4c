import Foundation
import MockAuthTestSupport
import Testing

/// The result of running a command.
struct CommandResult: Sendable {
    var status: Int32
    var output: String
    var error: String
}

/// Runs real programs (curl, openssl, mockauthd) for the tests.
///
/// A command that names a tool the machine lacks skips the test (see ``Tool/require(_:sourceLocation:)``).
/// Nothing here polls: the process's exit and its output are events, each waited for with a bound.
enum Shell {
    /// How long a killed command may take to go away, and how long its output may trail its exit
    /// (a background child that inherited the pipes can hold them open).
    static let grace: Double = 5

    /// Runs `bash -c script` with `environment` added, and returns its status and output.
    /// The command is killed after `timeout` seconds (a test must never hang).
    static func run(_ script: String, environment: [String: String] = [:], timeout: Double = 60) throws -> CommandResult
    {
        try execute(["/bin/bash", "-c", script], environment: environment, timeout: timeout)
    }

    /// Runs `arguments[0]` with the rest as its arguments.
    static func execute(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60) throws
        -> CommandResult
    {
        try Tool.require(Tool.used(by: arguments.joined(separator: " ")))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MOCKAUTH_") }
        if let required = ProcessInfo.processInfo.environment["MOCKAUTH_REQUIRE_TOOLS"] {
            merged["MOCKAUTH_REQUIRE_TOOLS"] = required
        }
        merged.merge(environment) { _, new in new }
        process.environment = merged
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // Drain both pipes while the process runs, so a chatty command cannot block on a full pipe.
        let outputData = PipeReader(output.fileHandleForReading)
        let errorData = PipeReader(error.fileHandleForReading)
        var killed = false
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            killed = true
            process.terminate()
            if exited.wait(timeout: .now() + grace) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
        }
        let outputText = outputData.text(waitingAtMost: grace)
        let errorText = errorData.text(waitingAtMost: grace)
        if killed {
            return CommandResult(status: -1, output: outputText, error: errorText + "\n[killed after \(timeout) s]")
        }
        return CommandResult(status: process.terminationStatus, output: outputText, error: errorText)
    }
}

/// Reads a pipe on a background thread until end of file, keeping what arrived so far.
final class PipeReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }
    }

    /// What was read, as text, once the pipe reached end of file or `seconds` passed (whichever is
    /// first: a descendant that inherited the pipe must not hold the test).
    func text(waitingAtMost seconds: Double) -> String {
        _ = done.wait(timeout: .now() + seconds)
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
