import Foundation

/// The CPU time a process has used, user and system together, from `/proc/PID/stat` (Linux): what
/// a server spent per connection, whatever else shares the machine. `nil` where there is no `/proc`.
enum ProcessCPU {
    static func seconds(pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command name: state is field 3, utime 14 and stime 15 (proc(5)).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ticks > 0 ? (user + system) / ticks : nil
    }

    /// Runs `body` and returns its result with the CPU seconds `pid` used meanwhile (`nil` without `/proc`).
    static func measuring<Result>(_ pid: Int32, _ body: () async throws -> Result) async rethrows
        -> (Result, Double?)
    {
        let before = seconds(pid: pid)
        let result = try await body()
        guard let before, let after = seconds(pid: pid) else { return (result, nil) }
        return (result, after - before)
    }
}
