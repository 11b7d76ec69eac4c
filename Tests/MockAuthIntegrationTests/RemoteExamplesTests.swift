import Foundation
import MockAuthTestSupport
import Testing

/// The control API driven from Python and Java as `docs/remote.md` shows it: the page holds the
/// files of `docs/examples/` verbatim, and each runs against a live `serve`: the client it lets
/// request `tls-expired` refuses the certificate, the verdict is PASS, and the run is ended.
@Suite("docs/remote.md's Python and Java clients of the control API")
struct RemoteExamplesTests {
    static let root = MockAuthDBinary.repositoryRoot
    static let python = root.appendingPathComponent("docs/examples/remote_control.py").path
    static let java = root.appendingPathComponent("docs/examples/RemoteControl.java").path

    /// The fenced block that follows the line `<!-- FILE, verbatim … -->` in docs/remote.md.
    static func block(after file: String) throws -> String? {
        let page = try String(contentsOf: root.appendingPathComponent("docs/remote.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        guard let marker = lines.firstIndex(where: { $0.hasPrefix("<!-- \(file), verbatim") }),
            marker + 1 < lines.count, lines[marker + 1].hasPrefix("```")
        else { return nil }
        let body = lines[(marker + 2)...].prefix { $0 != "```" }
        return body.joined(separator: "\n") + "\n"
    }

    @Test(
        "the page holds each file verbatim",
        arguments: ["docs/examples/remote_control.py", "docs/examples/RemoteControl.java"])
    func verbatim(_ file: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let shown = try #require(
            try Self.block(after: file), "no block after <!-- \(file), verbatim … --> in docs/remote.md")
        #expect(shown == text, "docs/remote.md and \(file) differ: copy the file into the page")
    }

    /// Runs `command` against a live `serve` with `environment(serve)` and checks what it did.
    func runAgainstServe(
        _ command: [String], client: String, environment: @escaping (ServeProcess) throws -> [String: String]
    ) async throws {
        try await ServeProcess.with(["tls-valid"]) { serve in
            // Bounded, not timed: a connection the control API left hanging after the Java client's
            // upgrade request is ControlHTTPHandlerTests' business (on an EmbeddedChannel).
            let result = try await Shell.execute(command, environment: try environment(serve), timeout: 180)
            #expect(result.status == 0, "\(result.output)\(result.error)")
            #expect(result.output.contains("run run-") && result.output.contains("of tls-expired: https://127.0.0.1:"))
            #expect(result.output.contains("CA file: "), "\(result.output)")
            #expect(result.output.contains("client: refused it"), "\(result.output)")
            #expect(result.output.contains("verdict: pass"), "\(result.output)")
            let calls = try ControlAPICalls(serve)
            let runs = try await calls.call("GET", "/v1/runs", schema: "runs")
            #expect(!runs.body.contains("tls-expired"), "the run was not ended: \(runs.body)")
            let (status, output) = await serve.stop()
            #expect(status == 0)
            #expect(output.contains("tls-expired (run-") && output.contains(", \(client)): PASS"), "\(output)")
        }
    }

    @Test("the Python client (standard library only) runs: the endpoints file, PASS, the run ended")
    func python() async throws {
        try await runAgainstServe(["/usr/bin/env", "python3", Self.python], client: "python-urllib") { serve in
            ["MOCKAUTH_ENDPOINTS_FILE": serve.endpointsFile]
        }
    }

    @Test("the Java client (java.net.http) runs: MOCKAUTH_CONTROL_URL and _TOKEN, PASS, the run ended")
    func java() async throws {
        try await Tool.require(.java)
        try await runAgainstServe(["/usr/bin/env", "java", Self.java], client: "java-httpclient") { serve in
            let (url, token) = try serve.control()
            return ["MOCKAUTH_CONTROL_URL": url, "MOCKAUTH_CONTROL_TOKEN": token]
        }
    }
}
