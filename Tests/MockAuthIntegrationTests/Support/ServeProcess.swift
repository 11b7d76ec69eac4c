import Foundation
import MockAuthTestSupport
import Testing

/// `mockauthd serve` running as a subprocess, for the control API's tests: started with an
/// endpoints file, ready once it printed "Serving", stopped with SIGINT.
final class ServeProcess: @unchecked Sendable {
    /// A directory private to this `serve`; `{dir}` in its arguments stands for it.
    let directory: String
    static let directoryPlaceholder = "{dir}"
    let endpointsFile: String
    private let process = Process()
    private let output: LineWatcher
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `mockauthd serve ARGUMENTS --endpoints-file …` and waits (at most 60 s) for it to serve.
    init(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Tool.require(.curl, sourceLocation: sourceLocation)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        endpointsFile = directory + "/endpoints.json"
        process.executableURL = URL(fileURLWithPath: MockAuthDBinary.path)
        let directory = self.directory
        process.arguments =
            ["serve"] + arguments.map { $0.replacingOccurrences(of: Self.directoryPlaceholder, with: directory) } + [
                "--scenarios", MockAuthDBinary.scenarios, "--endpoints-file", endpointsFile,
            ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        output = LineWatcher(pipe.fileHandleForReading, waitingFor: "Serving ")
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        guard output.waitForMatch(seconds: 60) else {
            _ = stop()
            throw ServeProcessError(message: "serve did not start: \(output.text)")
        }
    }

    /// The endpoints file, parsed.
    func endpoints() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: endpointsFile))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// The control API's base URL and token, from the endpoints file.
    func control() throws -> (url: String, token: String) {
        let control = try endpoints()["control"] as? [String: String] ?? [:]
        return (control["url"] ?? "", control["token"] ?? "")
    }

    private let stopLock = NSLock()
    private var stopped: (status: Int32, output: String)?

    /// Sends SIGINT, waits (at most 30 s, then SIGKILL) and returns the status and everything
    /// printed. A second call returns the same without waiting again.
    func stop() -> (status: Int32, output: String) {
        stopLock.withLock {
            if let stopped { return stopped }
            if process.isRunning { process.interrupt() }
            if exited.wait(timeout: .now() + 30) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
            let result = (process.terminationStatus, output.finalText(waitingAtMost: 5))
            stopped = result
            return result
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}

struct ServeProcessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Reads a pipe on a thread, keeps everything, and signals once a text appears (a blocking read,
/// no polling).
private final class LineWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var matched = false
    private let match = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle, waitingFor needle: String) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                let signal = lock.withLock { () -> Bool in
                    data.append(chunk)
                    guard !matched, String(decoding: data, as: UTF8.self).contains(needle) else { return false }
                    matched = true
                    return true
                }
                if signal { match.signal() }
            }
            done.signal()
            match.signal()  // end of file: whoever waits for the match stops waiting
        }
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    func waitForMatch(seconds: Double) -> Bool {
        _ = match.wait(timeout: .now() + seconds)
        return lock.withLock { matched }
    }

    func finalText(waitingAtMost seconds: Double) -> String {
        _ = done.wait(timeout: .now() + seconds)
        return text
    }
}
