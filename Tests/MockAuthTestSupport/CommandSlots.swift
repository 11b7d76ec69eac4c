import Foundation

/// How many commands the tests of one process run at once: as many as the machine has cores.
///
/// The tests are async and Swift Testing runs them in parallel, so without a bound every test that
/// starts a real client (a JVM, `mockauthd check`, a browser) would start it at once, and on a
/// 2-core machine the timing bounds the tests check (a client stopped within its timeout plus the
/// grace period) would measure the queue for the CPU instead.
actor CommandSlots {
    static let shared = CommandSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    /// Runs `body` once a slot is free, and frees it after.
    func withSlot<Result: Sendable>(_ body: @Sendable () async throws -> Result) async rethrows -> Result {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
