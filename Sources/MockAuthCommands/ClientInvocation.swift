import Foundation
import MockAuthClients

/// One invocation of a client program with a scenario's environment, as `mockauthd check` runs it:
/// started, supervised and waited for, its exit returned. (A ``CommandClient`` is a client, for the
/// runner, whose every exercise is such an invocation.)
///
/// ```swift
/// let exit = try await ClientInvocation(arguments: ["curl", "-sS", run.url], environment: run.environment)
///     .run(timeoutSeconds: 30)
/// ```
public struct ClientInvocation: Sendable {
    /// The program (looked up on `PATH`) and its arguments.
    public var arguments: [String]
    /// The MOCKAUTH_* variables to add; every other MOCKAUTH_* variable of this process is removed.
    public var environment: [String: String]

    public init(arguments: [String], environment: [String: String]) {
        self.arguments = arguments
        self.environment = environment
    }

    /// Whether `program` is an executable file in a directory of `PATH`.
    static func isOnPath(_ program: String) -> Bool {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    /// How long a client group gets between SIGTERM and SIGKILL.
    package static let grace: Duration = .seconds(2)

    /// Runs the command in a process group of its own (a ``SupervisedProcess``) and waits for it.
    /// Its standard input is `/dev/null`; its output goes to this process's. After `timeoutSeconds`
    /// the whole group gets SIGTERM, then SIGKILL after ``grace``; when the command exits by itself,
    /// whatever it left running in its group (a background child) is ended the same way. So this
    /// returns within `timeoutSeconds` plus ``grace`` (twice at most), however the client behaves,
    /// and no process of the client outlives it.
    ///
    /// - Parameters:
    ///   - timeoutSeconds: how long the command may run.
    ///   - outputToStandardError: send the command's standard output to this process's standard
    ///     error (so this process's own output stays clean, e.g. JSON).
    /// - Throws: ``SupervisedProcessError`` when the command cannot be started.
    public func run(timeoutSeconds: Int, outputToStandardError: Bool = false) async throws -> ClientExit {
        // Start from this process's environment without any MOCKAUTH_* variable, so one that does
        // not apply to this scenario is unset, never stale or empty.
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MOCKAUTH_") }
        merged.merge(environment) { _, new in new }
        let ended = try await SupervisedProcess(
            arguments, environment: merged, output: .forwarded(toStandardError: outputToStandardError),
            grace: Self.grace
        ).run(timeout: .seconds(timeoutSeconds))
        if ended.stopped { return ClientExit(status: nil, timedOut: true, timeoutSeconds: timeoutSeconds) }
        return ClientExit(status: ended.status, timedOut: false, timeoutSeconds: timeoutSeconds)
    }

    /// Ends every client command this process is running (each group: SIGTERM, then SIGKILL after
    /// ``grace``). For a SIGINT/SIGTERM handler: synchronous, so it can run just before `exit`.
    package static func endAllRunning() {
        ProcessGroup.terminateAll(grace: grace)
    }
}

/// The former name of ``ClientInvocation``, which a newcomer could not tell from ``CommandClient``.
@available(*, deprecated, renamed: "ClientInvocation")
public typealias ClientCommand = ClientInvocation
