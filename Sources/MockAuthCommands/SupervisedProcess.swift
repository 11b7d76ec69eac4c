import Foundation
import Subprocess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run under supervision: the one way MockAuth starts a process (the client commands of
/// `mockauthd check` and `conform`, the tools its tests run, the servers its benchmarks load).
///
/// The program runs in a process group of its own, so that it and everything it starts (a shell's
/// pipeline, a background child) are signalled together. Its standard input is `/dev/null` or the
/// given bytes; its output is captured, forwarded to this process's, or discarded. Stopping it sends
/// ``stopSignal`` to the whole group, then SIGKILL after ``grace``; once the program has exited,
/// whatever it left running in its group is ended the same way, so nothing it started outlives it.
///
/// ```swift
/// let curl = SupervisedProcess(["curl", "-sS", url])
/// let ended = try await curl.run(timeout: .seconds(30))
/// print(ended.status, ended.outputText)
/// ```
///
/// Built on swift-subprocess (spawning, the group, waiting, the teardown signals); available on
/// macOS and Linux, where processes exist.
public struct SupervisedProcess: Sendable {
    /// What happens to the program's standard output and standard error.
    public enum OutputHandling: Sendable, Equatable {
        /// Kept apart: ``Termination/standardOutput`` and ``Termination/standardError``.
        case captured
        /// Both kept in ``Termination/standardOutput``, in the order written (`2>&1`).
        case merged
        /// Written to this process's standard output (or, with `toStandardError`, its standard
        /// error, so that this process's own output stays clean, e.g. JSON); its standard error to
        /// this process's standard error.
        case forwarded(toStandardError: Bool)
        /// Read and dropped.
        case discarded
    }

    /// The signal that asks the group to stop, before SIGKILL.
    public enum StopSignal: Sendable, Equatable {
        /// SIGTERM.
        case terminate
        /// SIGINT, as Ctrl-C sends it (`mockauthd serve` cleans up and prints its summary on it).
        case interrupt

        var number: Int32 {
            switch self {
            case .terminate: SIGTERM
            case .interrupt: SIGINT
            }
        }
    }

    /// The program (looked up on the `PATH` of ``environment`` unless it holds a `/`) and its arguments.
    public var arguments: [String]
    /// The program's whole environment.
    public var environment: [String: String]
    /// The program's standard input; `nil`: `/dev/null`.
    public var input: [UInt8]?
    /// What happens to its output.
    public var output: OutputHandling
    /// The signal that asks it to stop.
    public var stopSignal: StopSignal
    /// How long the group gets between ``stopSignal`` and SIGKILL.
    public var grace: Duration

    /// Describes a program to run.
    ///
    /// - Parameters:
    ///   - arguments: the program and its arguments.
    ///   - environment: its whole environment (by default this process's).
    ///   - input: its standard input (`nil`: `/dev/null`).
    ///   - output: what happens to its output.
    ///   - stopSignal: the signal that asks it to stop.
    ///   - grace: how long it gets between that signal and SIGKILL.
    public init(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        input: [UInt8]? = nil, output: OutputHandling = .captured, stopSignal: StopSignal = .terminate,
        grace: Duration = .seconds(2)
    ) {
        self.arguments = arguments
        self.environment = environment
        self.input = input
        self.output = output
        self.stopSignal = stopSignal
        self.grace = grace
    }

    /// Runs the program to its end, or stops it once `timeout` has passed (``Termination/stopped``).
    ///
    /// Returns within `timeout` plus ``grace`` (twice at most: once for the program, once for what
    /// it left in its group), however the program behaves.
    ///
    /// - Throws: ``SupervisedProcessError`` when the program cannot be started.
    public func run(timeout: Duration) async throws -> Termination {
        let process = try await start()
        if let ended = await process.waitForExit(timeout: timeout) { return ended }
        return await process.stop()
    }

    /// Starts the program and returns while it runs.
    ///
    /// - Throws: ``SupervisedProcessError`` when the program cannot be started.
    public func start() async throws -> RunningProcess {
        let record = ProcessRecord()
        let task = Task { () -> Termination in
            let status: Int32
            do {
                status = try await launch(record).shellStatus
            } catch {
                // 127, as a shell reports a command it could not run.
                status = 127
                if record.group == nil {
                    record.failed(
                        SupervisedProcessError(
                            "cannot run \(arguments.first ?? "nothing"): \(error)", underlying: error))
                }
            }
            // The leader is gone: end what it left running in its group. A task of its own, so that
            // the grace period is waited out even when this run was stopped by cancellation.
            if let group = record.group {
                await Task { await group.end(grace: grace) }.value
                group.forget()
            }
            return record.finished(status: status)
        }
        let group = try await record.started()
        return RunningProcess(group: group, record: record, task: task)
    }

    /// Spawns the program in a group of its own with Subprocess and reads its output until it exits.
    private func launch(_ record: ProcessRecord) async throws -> TerminationStatus {
        var options = PlatformOptions()
        // setpgid(0, 0) in the child: a new group whose ID is the program's process ID.
        options.processGroupID = 0
        // What Subprocess does when this task is cancelled (stop, timeout): the stop signal to the
        // whole group, then SIGKILL to the group after the grace period.
        options.teardownSequence = [
            .send(signal: Signal(rawValue: stopSignal.number), toProcessGroup: true, allowedDurationToNextStep: grace)
        ]
        let environment = Environment.custom(
            Dictionary(
                uniqueKeysWithValues: self.environment.compactMap { name, value in
                    Environment.Key(rawValue: name).map { ($0, value) }
                }))
        // `env` looks the program up on the PATH of the environment it is given, as a shell would.
        let configuration = Configuration(
            executable: .path("/usr/bin/env"), arguments: Arguments(arguments), environment: environment,
            platformOptions: options)
        if let input {
            return try await execute(configuration, input: .array(input), record: record)
        }
        return try await execute(configuration, input: .none, record: record)
    }

    private func execute(
        _ configuration: Configuration, input: some InputProtocol, record: ProcessRecord
    ) async throws -> TerminationStatus {
        switch output {
        case .captured:
            return try await Subprocess.run(configuration, input: input, output: .sequence, error: .sequence) {
                execution in
                record.started(ProcessGroup(id: execution.processIdentifier.value))
                let output = execution.standardOutput
                let error = execution.standardError
                // Tasks of their own: a stop cancels this task, and the output the program writes
                // while it stops (a summary on SIGINT) must still be read, until it exits.
                let reading = Task {
                    try await withThrowingTaskGroup(of: Void.self) { streams in
                        streams.addTask { try await record.read(output, as: .output) }
                        streams.addTask { try await record.read(error, as: .error) }
                        try await streams.waitForAll()
                    }
                }
                try await reading.value
            }.terminationStatus
        case .merged:
            return try await Subprocess.run(
                configuration, input: input, output: .sequence, error: .combinedWithOutput
            ) { execution in
                record.started(ProcessGroup(id: execution.processIdentifier.value))
                let output = execution.standardOutput
                try await Task { try await record.read(output, as: .output) }.value
            }.terminationStatus
        case .forwarded(let toStandardError):
            // The program writes to this process's descriptors itself (a terminal stays a terminal).
            let output: FileDescriptorOutput = toStandardError ? .currentStandardError : .currentStandardOutput
            return try await Subprocess.run(
                configuration, input: input, output: output, error: FileDescriptorOutput.currentStandardError
            ) { execution in
                record.started(ProcessGroup(id: execution.processIdentifier.value))
            }.terminationStatus
        case .discarded:
            return try await Subprocess.run(
                configuration, input: input, output: .discarded, error: DiscardedOutput.discarded
            ) { execution in
                record.started(ProcessGroup(id: execution.processIdentifier.value))
            }.terminationStatus
        }
    }
}

/// How a ``SupervisedProcess`` ended.
public struct Termination: Sendable {
    /// The exit status as a shell reports it: the exit code, or 128 + the signal's number when a
    /// signal ended the program (127 when it could not be started).
    public var status: Int32
    /// Whether it was stopped (its timeout passed, or ``RunningProcess/stop()``) rather than ending by itself.
    public var stopped: Bool
    /// What it wrote to standard output (with ``SupervisedProcess/OutputHandling/merged``, its
    /// standard error too); empty unless captured.
    public var standardOutput: [UInt8]
    /// What it wrote to standard error; empty unless captured apart.
    public var standardError: [UInt8]

    /// ``standardOutput`` as UTF-8 text.
    public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    /// ``standardError`` as UTF-8 text.
    public var errorText: String { String(decoding: standardError, as: UTF8.self) }
}

/// A program could not be started.
public struct SupervisedProcessError: Error, CustomStringConvertible {
    /// What failed, in words.
    public var description: String
    /// Subprocess's own error.
    public var underlying: (any Error)?

    init(_ description: String, underlying: (any Error)? = nil) {
        self.description = description
        self.underlying = underlying
    }
}

extension TerminationStatus {
    /// The status as a shell reports it: the exit code, or 128 + the signal's number.
    var shellStatus: Int32 {
        switch self {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }
}
