import Foundation

/// The result of running a command.
struct CommandResult: Sendable {
    var status: Int32
    var output: String
    var error: String
}

/// Runs real programs (curl, openssl, mockauthd) for the tests.
enum Shell {
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MOCKAUTH_") }
        merged.merge(environment) { _, new in new }
        process.environment = merged
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Drain both pipes while the process runs, so a chatty command cannot block on a full pipe.
        let outputData = ReadAll(output.fileHandleForReading)
        let errorData = ReadAll(error.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return CommandResult(
                status: -1, output: outputData.wait(), error: errorData.wait() + "\n[killed after \(timeout) s]")
        }
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, output: outputData.wait(), error: errorData.wait())
    }
}

/// Reads a file handle to its end on a background thread.
final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Waits for end of file and returns what was read, as text.
    func wait() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
