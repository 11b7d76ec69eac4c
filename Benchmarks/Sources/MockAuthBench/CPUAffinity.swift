import Foundation

/// Which cores a process may run on: the one-thread throughput cases give wrk a core of its own and
/// the servers the others, so that a server's CPU per request is its own work, not what sharing a
/// core with its load generator costs it that second. Set with util-linux's `taskset` (on every
/// thread of the process and of its children; Glibc does not bring `sched_setaffinity` to Swift);
/// where `taskset` is missing nothing is pinned and the cases say so.
enum CPUAffinity {
    /// The cores this process may use.
    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    static var isAvailable: Bool { Command.which("taskset") != nil }

    /// Pins every thread of `pid` and of its children (nginx's workers) to `cpus`; whether each
    /// was pinned. Threads started later inherit the set of the thread that starts them.
    static func pin(_ pid: Int32, to cpus: [Int]) async -> Bool {
        let list = cpus.map(String.init).joined(separator: ",")
        var pinned = true
        for process in [pid] + children(of: pid) {
            let result = try? await Command.run(["taskset", "-a", "-p", "-c", list, String(process)], timeout: 30)
            if result?.status != 0 { pinned = false }
        }
        return pinned
    }

    /// Lets `pid` (and its children) run on every core again.
    static func release(_ pid: Int32) async {
        _ = await pin(pid, to: Array(0..<cores))
    }

    /// The child processes of `pid` (`/proc/PID/task/TID/children`, one level).
    private static func children(of pid: Int32) -> [Int32] {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return threads.flatMap { thread in
            let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? ""
            return list.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }
}
