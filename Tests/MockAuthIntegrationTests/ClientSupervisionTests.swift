import Foundation
import MockAuthTestSupport
import Testing

/// `check` never hangs on its client and leaves nothing behind: the client runs in a process group of
/// its own that is ended on exit, on timeout and when `check` itself is interrupted.
@Suite("Client process supervision")
struct ClientSupervisionTests {
    /// A marker no other process has: processes whose whole command line is `sleep MARKER` are this test's.
    func marker() -> Int { Int.random(in: 3_000_000...3_999_999) }

    /// The rest of the first line of `output` that starts with `prefix`.
    func value(of prefix: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// Runs `check tls-valid --timeout TIMEOUT -- sh -c CLIENT` (CLIENT may use `SLEEP`, replaced by a
    /// `sleep` with a marker) and reports all it printed, its exit status and how many of the
    /// client's `sleep` processes outlived it. (How long it took is not measured: the sleeps last
    /// weeks, so `check` returning at all, before the shell's 60 s guard, with none of them left,
    /// shows it ended the client's group.)
    func supervisedCheck(timeout: Int, client: String) async throws -> (output: String, exit: Int?, left: Int?) {
        let seconds = marker()
        let script = """
            '\(MockAuthDBinary.path)' check tls-valid --scenarios '\(MockAuthDBinary.scenarios)' --timeout \(timeout) \
              --skip-control -- sh -c '\(client.replacingOccurrences(of: "SLEEP", with: "sleep \(seconds)"))'
            echo "EXIT $?"
            echo "LEFT $(pgrep -f -x 'sleep \(seconds)' | wc -l | tr -d ' ')"
            """
        let result = try await Shell.run(script, timeout: 60)
        let output = result.output + result.error
        return (
            output, value(of: "EXIT ", in: output).flatMap { Int($0) },
            value(of: "LEFT ", in: output).flatMap { Int($0) }
        )
    }

    @Test(
        "a background child holding stdout: check returns when the client exits, without stopping it; nothing is left")
    func backgroundChild() async throws {
        let check = try await supervisedCheck(
            timeout: 5,
            client:
                #"echo "DIR=$(dirname "$MOCKAUTH_CA_FILE")"; SLEEP & curl -sS -o /dev/null --cacert "$MOCKAUTH_CA_FILE" "$MOCKAUTH_URL""#
        )
        // Passed: the client finished by itself; had check waited for the background child's end of
        // output, it would have stopped the client at --timeout, and a client stopped fails.
        #expect(check.exit == 0, "\(check.output)")
        #expect(!check.output.contains("was stopped"), "\(check.output)")
        #expect(check.left == 0, "\(check.output)")
        let directory = value(of: "DIR=", in: check.output)
        #expect(directory.map { !FileManager.default.fileExists(atPath: $0) } == true, "\(check.output)")
    }

    @Test("a client that ignores SIGTERM and outlives --timeout is stopped, SIGKILL after the grace; check returns")
    func stubbornClient() async throws {
        let check = try await supervisedCheck(timeout: 3, client: #"trap "" TERM; SLEEP"#)
        #expect(check.exit == 1, "\(check.output)")
        // Stopped at the timeout, and, as it ignores SIGTERM, killed: no sleep of it is left.
        #expect(check.output.contains("did not finish within 3 s and was stopped"), "\(check.output)")
        #expect(check.left == 0, "\(check.output)")
    }

    @Test("SIGTERM to check mid-run ends the client's group and deletes the client files")
    func interruptedCheck() async throws {
        let seconds = marker()
        let script = """
            fifo=$(mktemp -u); mkfifo "$fifo"
            '\(MockAuthDBinary.path)' check tls-valid --scenarios '\(MockAuthDBinary.scenarios)' --timeout 60 --skip-control \
              -- sh -c 'echo "DIR=$(dirname "$MOCKAUTH_CA_FILE")"; sleep \(seconds)' >"$fifo" 2>&1 &
            pid=$!
            # The client has started once its first line arrives (a blocking read, not a poll).
            exec 3<"$fifo"
            IFS= read -r first <&3; echo "$first"
            kill -TERM $pid; wait $pid; echo "EXIT $?"
            cat <&3; rm -f "$fifo"
            echo "LEFT $(pgrep -f -x 'sleep \(seconds)' | wc -l | tr -d ' ')"
            """
        let result = try await Shell.run(script, timeout: 60)
        #expect(result.output.contains("EXIT 143"), "\(result.output)\(result.error)")
        #expect(result.output.contains("LEFT 0"), "\(result.output)")
        let directory = value(of: "DIR=", in: result.output)
        #expect(directory.map { !FileManager.default.fileExists(atPath: $0) } == true, "\(result.output)")
    }
}

extension ClientSupervisionTests {
    @Test("--request-head-timeout: a client that stalls mid-head is cut off, and the transcript says which limit")
    func requestHeadFlag() async throws {
        let script = #"""
            python3 -c 'import os, socket, ssl, time
            port = int(os.environ["MOCKAUTH_URL"].rsplit(":", 1)[1].split("/")[0])
            context = ssl.create_default_context(cafile=os.environ["MOCKAUTH_CA_FILE"])
            s = context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=20), server_hostname="127.0.0.1")
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow")
            print("stalled head:", "closed" if s.recv(10) == b"" else "answered")'
            """#
        let result = try await Shell.execute(
            [
                MockAuthDBinary.path, "check", "basic", "--scenarios", MockAuthDBinary.scenarios, "--skip-control",
                "--json", "--request-head-timeout", "1", "--", "/bin/bash", "-c", script,
            ], timeout: 60)
        // Closed (the default head limit, 30 s, is beyond the client's 20 s guard), by the flag's limit.
        #expect(result.error.contains("stalled head: closed\n"), "\(result.output)\(result.error)")
        #expect(result.output.contains(#""closedByLimit" : "request-head""#), "\(result.output)")
    }
}
