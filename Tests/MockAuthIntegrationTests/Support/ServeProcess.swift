import Foundation
import MockAuthCommands
import MockAuthTestSupport
import Testing

/// `mockauthd serve` running as a subprocess, for the control API's tests: started with an
/// endpoints file, ready once it printed "Serving", stopped with SIGINT (SIGKILL 30 s later).
final class ServeProcess: Sendable {
    /// A directory private to this `serve`; `{dir}` in its arguments stands for it.
    let directory: String
    static let directoryPlaceholder = "{dir}"
    let endpointsFile: String
    private let process: RunningProcess

    /// Runs `body` with `mockauthd serve ARGUMENTS --endpoints-file …` started (it waits at most
    /// 60 s for it to serve), then stops it, whether `body` returns or throws.
    static func with<Result>(
        _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (ServeProcess) async throws -> Result
    ) async throws -> Result {
        let serve = try await ServeProcess(arguments, sourceLocation: sourceLocation)
        do {
            let result = try await body(serve)
            await serve.stop()
            return result
        } catch {
            await serve.stop()
            throw error
        }
    }

    private init(_ arguments: [String], sourceLocation: SourceLocation) async throws {
        try await Tool.require(.curl, sourceLocation: sourceLocation)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "serve-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.directory = directory
        endpointsFile = directory + "/endpoints.json"
        let command =
            [MockAuthDBinary.path, "serve"]
            + arguments.map { $0.replacingOccurrences(of: Self.directoryPlaceholder, with: directory) } + [
                "--scenarios", MockAuthDBinary.scenarios, "--endpoints-file", endpointsFile,
            ]
        process = try await SupervisedProcess(
            command, output: .merged, stopSignal: .interrupt, grace: .seconds(30)
        ).start()
        guard await process.waitForOutput(containing: "Serving ", timeout: .seconds(60)) else {
            let output = await stop().output
            throw ServeProcessError(message: "serve did not start: \(output)")
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

    /// Sends SIGINT, waits (at most 30 s, then SIGKILL) and returns the status and everything
    /// printed. A second call returns the same without waiting again.
    @discardableResult
    func stop() async -> (status: Int32, output: String) {
        let ended = await process.stop()
        return (ended.status, ended.outputText)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

struct ServeProcessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
