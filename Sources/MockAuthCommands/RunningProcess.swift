/// A ``SupervisedProcess`` that has been started and may still run: watch its output, wait for its
/// end with a bound, or stop it.
///
/// ```swift
/// let serve = try await SupervisedProcess(["mockauthd", "serve"], output: .merged, stopSignal: .interrupt).start()
/// guard await serve.waitForOutput(containing: "Serving ", timeout: .seconds(60)) else { … }
/// …
/// let ended = await serve.stop()
/// ```
public final class RunningProcess: Sendable {
    /// The program's process ID, which is also its process group's ID.
    public let processID: Int32

    private let record: ProcessRecord
    private let task: Task<Termination, Never>

    init(group: ProcessGroup, record: ProcessRecord, task: Task<Termination, Never>) {
        processID = group.id
        self.record = record
        self.task = task
    }

    /// What it wrote to standard output so far (with ``SupervisedProcess/OutputHandling/merged``,
    /// its standard error too), as UTF-8 text.
    public var outputText: String { String(decoding: record.standardOutput, as: UTF8.self) }

    /// What it wrote to standard error so far, as UTF-8 text.
    public var errorText: String { String(decoding: record.standardError, as: UTF8.self) }

    /// How it ended, or `nil` while it runs.
    public var termination: Termination? { record.termination }

    /// Waits until its captured output contains `text` (`true`), or it ends or `timeout` passes
    /// first (`false`).
    public func waitForOutput(containing text: String, timeout: Duration) async -> Bool {
        let needle = Array(text.utf8)
        let found: @Sendable (ProcessRecord.State) -> Bool = { state in
            state.standardOutput.contains(needle) || state.standardError.contains(needle)
        }
        await record.wait(within: timeout) { state in found(state) || state.termination != nil }
        return record.withState(found)
    }

    /// Waits for its end, at most `timeout`; `nil` when it still runs then.
    public func waitForExit(timeout: Duration) async -> Termination? {
        await record.wait(within: timeout) { $0.termination != nil }
        return record.termination
    }

    /// Waits for its end, however long it takes.
    public func wait() async -> Termination {
        await task.value
    }

    /// Stops it: the stop signal to its whole group, then SIGKILL after the grace period, and what
    /// it left running ended; returns once it has ended. A second call returns the same.
    @discardableResult
    public func stop() async -> Termination {
        if let termination = record.termination { return termination }
        record.stopRequested()
        task.cancel()
        return await task.value
    }
}

extension ProcessRecord {
    /// Waits until `condition` holds, at most `timeout`.
    func wait(within timeout: Duration, until condition: @escaping @Sendable (State) -> Bool) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.wait(until: condition) }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes.
    fileprivate func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard count >= needle.count else { return false }
        return (0...(count - needle.count)).contains { start in
            self[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
