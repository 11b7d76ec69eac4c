import Foundation
import Testing

@testable import MockAuthCommands

/// `SupervisedProcess` with real programs (`/bin/sh`, `sleep`): what it captures, how it stops a
/// group, and that nothing a program started outlives it.
@Suite("SupervisedProcess")
struct SupervisedProcessTests {
    /// A marker no other process has, for `pgrep -f -x 'sleep MARKER'`.
    func marker() -> Int { Int.random(in: 4_000_000...4_999_999) }

    /// How many processes run `sleep marker` (their whole command line).
    func sleeping(_ marker: Int) async throws -> Int {
        let count = try await SupervisedProcess(["/bin/sh", "-c", "pgrep -f -x 'sleep \(marker)' | wc -l"])
            .run(timeout: .seconds(30))
        return Int(count.outputText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test("standard output and standard error apart, standard input given, the exit code as is")
    func captured() async throws {
        let ended = try await SupervisedProcess(
            ["/bin/sh", "-c", "cat; echo to-error >&2; exit 7"], input: Array("from-input".utf8)
        ).run(timeout: .seconds(30))
        #expect(ended.status == 7 && !ended.stopped)
        #expect(ended.outputText == "from-input")
        #expect(ended.errorText == "to-error\n")
    }

    @Test("merged output keeps both streams in one; a signal ends with 128 + its number")
    func merged() async throws {
        let ended = try await SupervisedProcess(
            ["/bin/sh", "-c", "echo one; echo two >&2; kill -KILL $$"], output: .merged
        ).run(timeout: .seconds(30))
        #expect(ended.status == 128 + 9)
        #expect(ended.outputText.contains("one\n") && ended.outputText.contains("two\n"), "\(ended.outputText)")
        #expect(ended.standardError.isEmpty)
    }

    @Test("a program that is not there: 127, as a shell says")
    func missingProgram() async throws {
        let ended = try await SupervisedProcess(["mockauth-no-such-program"]).run(timeout: .seconds(30))
        #expect(ended.status == 127 && !ended.stopped)
    }

    @Test("at the timeout the whole group is stopped: SIGTERM, then SIGKILL for what ignores it; nothing is left")
    func timeoutStopsTheGroup() async throws {
        let marker = marker()
        let ended = try await SupervisedProcess(
            ["/bin/sh", "-c", "trap '' TERM; sleep \(marker) & sleep \(marker)"], grace: .seconds(1)
        ).run(timeout: .seconds(1))
        #expect(ended.stopped)
        // The leader ignored SIGTERM: only the SIGKILL after the grace period ended it.
        #expect(ended.status == 128 + SIGKILL, "\(ended.status)")
        // Not the sleeps' end (weeks away): `run` returned, stopped, with neither sleep left. How
        // long it took is not asserted (no test measures wall time).
        #expect(try await sleeping(marker) == 0)
    }

    @Test("what a program leaves running when it exits is ended")
    func leftoversEnded() async throws {
        let marker = marker()
        let ended = try await SupervisedProcess(["/bin/sh", "-c", "sleep \(marker) & echo started"])
            .run(timeout: .seconds(30))
        #expect(ended.status == 0 && ended.outputText == "started\n")
        #expect(try await sleeping(marker) == 0)
    }

    @Test("a running process: its output is watched as it comes, and what it prints while stopping is kept")
    func runningProcess() async throws {
        let script = "trap 'echo stopping; exit 3' INT; echo ready; while :; do sleep 1; done"
        let process = try await SupervisedProcess(
            ["/bin/sh", "-c", script], output: .merged, stopSignal: .interrupt, grace: .seconds(5)
        ).start()
        #expect(await process.waitForOutput(containing: "ready", timeout: .seconds(30)))
        #expect(await process.waitForExit(timeout: .milliseconds(100)) == nil)
        #expect(await !process.waitForOutput(containing: "never printed", timeout: .milliseconds(100)))
        let ended = await process.stop()
        #expect(ended.stopped && ended.status == 3, "\(ended.status)")
        #expect(ended.outputText.contains("stopping"), "\(ended.outputText)")
        #expect(await process.stop().status == 3, "a second stop returns the same")
    }

    @Test("ProcessGroup.end: SIGTERM to the group, SIGKILL after the grace to what ignores it")
    func endGroup() async throws {
        let marker = marker()
        let process = try await SupervisedProcess(
            ["/bin/sh", "-c", "trap '' TERM; echo ready; sleep \(marker)"], output: .merged
        ).start()
        // The trap is set once the script says so (a signal before it would end the shell at once).
        #expect(await process.waitForOutput(containing: "ready", timeout: .seconds(30)))
        let group = ProcessGroup(id: process.processID)
        #expect(group.isAlive)
        await group.end(grace: .milliseconds(500))
        let ended = await process.wait()
        #expect(ended.status == 128 + SIGKILL && !ended.stopped)
        #expect(try await sleeping(marker) == 0)
    }
}
