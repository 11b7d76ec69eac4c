import Synchronization

/// What a test started and must stop: servers, proxies, runs. ``withTeardown(_:)`` runs each action,
/// last added first, when the test's body ends, however it ends (a thrown error or a failed
/// `#require` included), and waits for them before the test returns: nothing outlives its test.
public final class Teardown: Sendable {
    private let actions = Mutex<[@Sendable () async -> Void]>([])

    fileprivate init() {}

    /// Adds `action` (typically `await run.shutdown()`) to what runs when the test's body ends.
    public func add(_ action: @escaping @Sendable () async -> Void) {
        actions.withLock { $0.append(action) }
    }

    fileprivate func run() async {
        let pending = actions.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
        for action in pending.reversed() { await action() }
    }
}

/// Runs `body`, then every action it added to its ``Teardown``, in reverse order, on every path.
public func withTeardown<Result>(_ body: (Teardown) async throws -> Result) async throws -> Result {
    let teardown = Teardown()
    do {
        let result = try await body(teardown)
        await teardown.run()
        return result
    } catch {
        await teardown.run()
        throw error
    }
}
