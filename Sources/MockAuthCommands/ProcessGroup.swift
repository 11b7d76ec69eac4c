import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process group that a ``SupervisedProcess`` started: its leader and everything the leader
/// started (a shell's pipeline, a background child), signalled as one.
///
/// Subprocess signals a group only while its `Execution` lives, that is until the leader has been
/// reaped; what the leader leaves behind, and a signal handler that must end every group before
/// `exit`, need `kill(2)` with the negated group ID, which POSIX defines and Linux and Darwin share
/// (`int kill(pid_t, int)`, `pid_t` a 32-bit signed integer on both).
package struct ProcessGroup: Hashable, Sendable {
    /// The group's ID: its leader's process ID.
    package let id: Int32

    package init(id: Int32) {
        self.id = id
    }

    /// Whether any process of the group is still alive (the leader may be gone, its children not).
    /// A member this process may not signal (`EPERM`) is alive too.
    package var isAlive: Bool { kill(-id, 0) == 0 || errno == EPERM }

    /// Sends `signal` to every process of the group.
    package func signal(_ signal: Int32) {
        _ = kill(-id, signal)
    }

    /// Ends what is left of the group: SIGTERM, then SIGKILL to whatever still runs after `grace`.
    /// Returns when the group is gone or SIGKILL was sent.
    package func end(grace: Duration) async {
        guard isAlive else { return }
        signal(SIGTERM)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: grace)
        // No event tells when the last member of a group exits; a short sleep between checks,
        // bounded by `grace`, is the cost of not leaving one behind.
        while isAlive, clock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if isAlive { signal(SIGKILL) }
    }

    // MARK: Every group of this process

    private static let live = Mutex<Set<ProcessGroup>>([])

    /// Records the group as one ``terminateAll(grace:)`` must end.
    package func register() {
        _ = Self.live.withLock { $0.insert(self) }
    }

    /// Forgets the group once it has been ended.
    package func forget() {
        _ = Self.live.withLock { $0.remove(self) }
    }

    /// Ends every registered group (SIGTERM, then SIGKILL after `grace`), for a signal handler:
    /// synchronous, so it can run just before `exit`.
    package static func terminateAll(grace: Duration) {
        let groups = live.withLock { live in
            defer { live.removeAll() }
            return live
        }
        guard !groups.isEmpty else { return }
        for group in groups { group.signal(SIGTERM) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: grace)
        while groups.contains(where: \.isAlive), clock.now < deadline { usleep(20_000) }
        for group in groups where group.isAlive { group.signal(SIGKILL) }
    }
}
