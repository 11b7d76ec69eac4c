#if os(macOS) || os(Linux) || os(Windows)
    import Foundation
    import MockAuth

    /// A client command run with a scenario's environment, as `mockauthd check` runs it.
    ///
    /// ```swift
    /// let exit = try await ClientCommand(arguments: ["curl", "-sS", run.url], environment: run.environment)
    ///     .run(timeoutSeconds: 30)
    /// ```
    public struct ClientCommand: Sendable {
        /// The program (looked up on `PATH`) and its arguments.
        public var arguments: [String]
        /// The MOCKAUTH_* variables to add; every other MOCKAUTH_* variable of this process is removed.
        public var environment: [String: String]

        public init(arguments: [String], environment: [String: String]) {
            self.arguments = arguments
            self.environment = environment
        }

        /// Runs the command and waits for it; stops it (SIGTERM, then SIGKILL) after `timeoutSeconds`.
        ///
        /// - Parameters:
        ///   - timeoutSeconds: how long the command may run.
        ///   - outputToStandardError: send the command's standard output to this process's standard
        ///     error (so this process's own output stays clean, e.g. JSON).
        public func run(timeoutSeconds: Int, outputToStandardError: Bool = false) async throws -> ClientExit {
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
                throw HarnessError(
                    "cannot run \(arguments.first ?? "the client command"): \(error.localizedDescription)")
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
                return ClientExit(status: nil, timedOut: true, timeoutSeconds: timeoutSeconds)
            }
            process.waitUntilExit()
            return ClientExit(status: process.terminationStatus, timedOut: false, timeoutSeconds: timeoutSeconds)
        }
    }
#endif
