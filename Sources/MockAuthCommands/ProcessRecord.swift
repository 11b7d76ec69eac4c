import Subprocess
import Synchronization

/// What a running ``SupervisedProcess`` has done so far: whether it started, what it wrote, whether
/// it ended; and who waits for which of these. Shared by the task that runs the process and the
/// ``RunningProcess`` that watches it.
final class ProcessRecord: Sendable {
    enum Stream {
        case output
        case error
    }

    fileprivate struct Waiter {
        var isSatisfied: @Sendable (State) -> Bool
        var continuation: CheckedContinuation<Void, Never>
    }

    struct State {
        var group: ProcessGroup?
        var launchFailure: SupervisedProcessError?
        var standardOutput: [UInt8] = []
        var standardError: [UInt8] = []
        var termination: Termination?
        var stopRequested = false
        fileprivate var waiters: [Int: Waiter] = [:]
        fileprivate var nextWaiter = 0

        /// Whether the program has started, or could not be.
        var hasStarted: Bool { group != nil || launchFailure != nil }
    }

    private let state = Mutex(State())

    /// `body`'s answer about the state as it is now.
    func withState<Result: Sendable>(_ body: (State) -> Result) -> Result {
        state.withLock { body($0) }
    }

    var group: ProcessGroup? { state.withLock(\.group) }
    var termination: Termination? { state.withLock(\.termination) }
    var standardOutput: [UInt8] { state.withLock(\.standardOutput) }
    var standardError: [UInt8] { state.withLock(\.standardError) }

    // MARK: Events

    /// The program runs, as the leader of `group`.
    func started(_ group: ProcessGroup) {
        group.register()
        update { $0.group = group }
    }

    /// The program could not be started.
    func failed(_ failure: SupervisedProcessError) {
        update { $0.launchFailure = failure }
    }

    /// The program ended with `status`: the termination every waiter sees from now on.
    func finished(status: Int32) -> Termination {
        update { state in
            let termination = Termination(
                status: status, stopped: state.stopRequested, standardOutput: state.standardOutput,
                standardError: state.standardError)
            state.termination = termination
            return termination
        }
    }

    /// Someone asked the program to stop (its termination then says ``Termination/stopped``).
    func stopRequested() {
        update { $0.stopRequested = true }
    }

    /// Reads `sequence` until the program closes it or exits, keeping what it reads.
    func read(_ sequence: SubprocessOutputSequence, as stream: Stream) async throws {
        for try await buffer in sequence {
            let bytes = buffer.withUnsafeBytes { Array($0) }
            update { state in
                switch stream {
                case .output: state.standardOutput += bytes
                case .error: state.standardError += bytes
                }
            }
        }
    }

    // MARK: Waiting

    /// Returns once the program has started, with its group.
    ///
    /// - Throws: ``SupervisedProcessError`` when it could not be started.
    func started() async throws -> ProcessGroup {
        await wait { $0.hasStarted }
        let (group, failure) = state.withLock { ($0.group, $0.launchFailure) }
        if let group { return group }
        throw failure ?? SupervisedProcessError("the program did not start")
    }

    /// Returns once `condition` holds, or when the calling task is cancelled.
    func wait(until condition: @escaping @Sendable (State) -> Bool) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    // A cancelled task must not wait: its handler may have run before this registration.
                    guard !condition(state), !Task.isCancelled else { return true }
                    state.waiters[id] = Waiter(isSatisfied: condition, continuation: continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }

    /// Changes the state, then wakes every waiter whose condition now holds.
    private func update<Result>(_ change: (inout State) -> Result) -> Result {
        let (result, woken) = state.withLock { state in
            let result = change(&state)
            let satisfied = state.waiters.filter { $0.value.isSatisfied(state) }
            for id in satisfied.keys { state.waiters.removeValue(forKey: id) }
            return (result, satisfied.values.map(\.continuation))
        }
        for continuation in woken { continuation.resume() }
        return result
    }
}
