#if os(macOS) || os(Linux)
    import Foundation
    import Synchronization
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A client process started in a process group of its own, so that it and everything it starts
    /// (background children, a shell's pipeline) can be signalled and ended together.
    ///
    /// Every live group is known to ``terminateAll(grace:)``, which a command-line tool calls from its
    /// SIGINT/SIGTERM handler so that no client outlives it.
    final class SupervisedProcess: Sendable {
        /// The leader's process ID, which is also the group's ID.
        let pid: pid_t

        private static let live = Mutex<Set<pid_t>>([])

        private init(pid: pid_t) {
            self.pid = pid
        }

        /// Starts `arguments[0]` (looked up on `PATH`) with `environment` as its whole environment, in a
        /// new process group; standard input is `/dev/null`, standard output goes to this process's
        /// standard error when `outputToStandardError`.
        static func spawn(arguments: [String], environment: [String: String], outputToStandardError: Bool) throws
            -> SupervisedProcess
        {
            guard let program = arguments.first else { throw HarnessError("no client command to run") }
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)

            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            if outputToStandardError { posix_spawn_file_actions_adddup2(&actions, 2, 1) }

            let argv = arguments.map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer {
                for pointer in argv { free(pointer) }
                for pointer in envp { free(pointer) }
            }
            var pid = pid_t()
            // Blocking the other signals is not needed: the child's handlers are reset by exec.
            let status = live.withLock { live in
                let status = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
                if status == 0 { live.insert(pid) }
                return status
            }
            guard status == 0 else {
                throw HarnessError("cannot run \(program): \(String(cString: strerror(status)))")
            }
            return SupervisedProcess(pid: pid)
        }

        /// Waits for the group's leader to exit and returns its exit status (128 + the signal's number
        /// when a signal ended it, as shells report it). The wait runs on a thread of its own, never on
        /// the caller's executor.
        func exitStatus() async -> Int32 {
            let pid = self.pid
            return await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    var status: Int32 = 0
                    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                    // <sys/wait.h>: exited when the low seven bits are zero; the code is the next byte.
                    continuation.resume(returning: status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f)
                }
            }
        }

        /// Whether any process of the group is still alive (the leader may be gone, its children not).
        var groupIsAlive: Bool { kill(-pid, 0) == 0 }

        /// Sends `signal` to every process of the group.
        func signalGroup(_ signal: Int32) {
            _ = kill(-pid, signal)
        }

        /// Ends what is left of the group: SIGTERM, then SIGKILL to whatever still runs after `grace`.
        /// Returns when the group is gone or SIGKILL was sent.
        func endGroup(grace: Duration) async {
            guard groupIsAlive else { return forget() }
            signalGroup(SIGTERM)
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: grace)
            // No event tells when the last member of a group exits; a short sleep between checks,
            // bounded by `grace`, is the cost of not leaving one behind.
            while groupIsAlive, clock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
            if groupIsAlive { signalGroup(SIGKILL) }
            forget()
        }

        private func forget() {
            _ = Self.live.withLock { $0.remove(pid) }
        }

        /// Ends every live client group of this process (SIGTERM, then SIGKILL after `grace`), for a
        /// signal handler: synchronous, so it can run just before `exit`.
        static func terminateAll(grace: Duration) {
            let groups = live.withLock { live in
                defer { live.removeAll() }
                return live
            }
            guard !groups.isEmpty else { return }
            for pid in groups { _ = kill(-pid, SIGTERM) }
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: grace)
            while groups.contains(where: { kill(-$0, 0) == 0 }), clock.now < deadline { usleep(20_000) }
            for pid in groups where kill(-pid, 0) == 0 { _ = kill(-pid, SIGKILL) }
        }
    }
#endif
