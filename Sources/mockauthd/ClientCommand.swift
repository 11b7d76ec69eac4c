import Foundation
import MockAuth

/// A client command run with the scenario's environment.
struct ClientCommand {
    var arguments: [String]
    var environment: [String: String]

    /// Runs the command; stops it (SIGTERM, then SIGKILL) after `timeoutSeconds`.
    func run(timeoutSeconds: Int, outputToStandardError: Bool) async throws -> ClientOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        // Start from this process's environment without any MOCKAUTH_* variable, so one that does
        // not apply to this scenario is unset, never stale or empty.
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MOCKAUTH_") }
        merged.merge(environment) { _, new in new }
        process.environment = merged
        if outputToStandardError {
            process.standardOutput = FileHandle.standardError
        }
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        do {
            try process.run()
        } catch {
            throw HarnessError("cannot run \(arguments.first ?? "the client command"): \(error.localizedDescription)")
        }
        let timedOut = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in exited.stream {}
                return false
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(timeoutSeconds))
                return !Task.isCancelled
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if timedOut {
            process.terminate()
            try? await Task.sleep(for: .seconds(2))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return ClientOutcome(exitStatus: nil, timedOut: true, timeoutSeconds: timeoutSeconds)
        }
        process.waitUntilExit()
        return ClientOutcome(exitStatus: process.terminationStatus, timedOut: false, timeoutSeconds: timeoutSeconds)
    }
}
