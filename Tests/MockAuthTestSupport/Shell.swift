import Foundation
import MockAuthCommands
import Testing

/// The result of running a command.
public struct CommandResult: Sendable {
    /// The exit status as a shell reports it (128 + the signal's number after a signal); -1 when the
    /// command was killed at its timeout.
    public var status: Int32
    /// Its standard output (with `mergingErrors`, its standard error too).
    public var output: String
    /// Its standard error.
    public var error: String
    /// Its standard output as bytes.
    public var outputBytes: [UInt8]
}

/// Runs real programs (curl, openssl, mockauthd, python3 …) for the tests: the one way a test
/// starts a process, through the supervised runner (`SupervisedProcess`), never Foundation's
/// `Process`.
///
/// A command that names a tool the machine lacks skips the test (see ``Tool/require(_:sourceLocation:)``).
/// The command runs in a process group of its own; at its timeout the group gets SIGTERM, then
/// SIGKILL, and whatever it left running is ended when it exits: nothing outlives the test. At most
/// as many commands as the machine has cores run at once (``CommandSlots``).
public enum Shell {
    /// How long a command gets between SIGTERM and SIGKILL.
    public static let grace: Duration = .seconds(5)

    /// Runs `bash -c script` with `environment` added, and returns its status and output.
    /// The command is stopped after `timeout` seconds (a test must never hang).
    public static func run(_ script: String, environment: [String: String] = [:], timeout: Double = 60)
        async throws -> CommandResult
    {
        try await execute(["/bin/bash", "-c", script], environment: environment, timeout: timeout)
    }

    /// Runs `arguments[0]` (looked up on `PATH` unless it holds a `/`) with the rest as its arguments.
    ///
    /// - Parameters:
    ///   - environment: added to this process's environment, whose `MOCKAUTH_*` variables are removed
    ///     (but `MOCKAUTH_REQUIRE_TOOLS`).
    ///   - input: the command's standard input (`nil`: `/dev/null`).
    ///   - mergingErrors: standard error into ``CommandResult/output``, in the order written (`2>&1`).
    ///   - timeout: seconds until the command is stopped.
    public static func execute(
        _ arguments: [String], environment: [String: String] = [:], input: [UInt8]? = nil,
        mergingErrors: Bool = false, timeout: Double = 60
    ) async throws -> CommandResult {
        try await Tool.require(Tool.used(by: arguments.joined(separator: " ")))
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MOCKAUTH_") }
        if let required = ProcessInfo.processInfo.environment["MOCKAUTH_REQUIRE_TOOLS"] {
            merged["MOCKAUTH_REQUIRE_TOOLS"] = required
        }
        merged.merge(environment) { _, new in new }
        let process = SupervisedProcess(
            arguments, environment: merged, input: input, output: mergingErrors ? .merged : .captured, grace: grace)
        let ended = try await CommandSlots.shared.withSlot {
            try await process.run(timeout: .milliseconds(Int(timeout * 1000)))
        }
        return CommandResult(
            status: ended.stopped ? -1 : ended.status, output: ended.outputText,
            error: ended.errorText + (ended.stopped ? "\n[killed after \(timeout) s]" : ""),
            outputBytes: ended.standardOutput)
    }
}
