import Foundation
import MockAuthTestSupport
import Testing

/// `session-resumption` with a real client: `openssl s_client` that keeps its TLS 1.2 session
/// (`-sess_out`, then `-sess_in`) resumes; one that starts afresh each time does not.
@Suite("session-resumption with openssl")
struct SessionResumptionTests {
    static func scenario(resumed: Bool) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "resumption-\(UUID().uuidString.lowercased()).yaml"
        ).path
        try """
        version: 1
        summary: The client resumes (or must not resume) its TLS session.
        servers:
          origin:
            tls: { profile: valid }
        expect:
          - rule: session-resumption
            server: origin
            resumed: \(resumed)
            because: it \(resumed ? "did not keep" : "resumed") its TLS session
        """.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Two connections to the origin; with `keep`, the second resumes the first's session.
    static func client(keep: Bool) -> String {
        let session = keep ? #" -sess_out "$dir/s""# : ""
        let resume = keep ? #" -sess_in "$dir/s""# : ""
        return #"""
            dir=$(mktemp -d); hp=${MOCKAUTH_URL#https://}; hp=${hp%/}
            openssl s_client -tls1_2 -CAfile "$MOCKAUTH_CA_FILE" -connect "$hp"\#(session) </dev/null >/dev/null 2>&1
            openssl s_client -tls1_2 -CAfile "$MOCKAUTH_CA_FILE" -connect "$hp"\#(resume) </dev/null >/dev/null 2>&1
            rm -rf "$dir"
            """#
    }

    @Test(
        "expected: a client that keeps its session passes, one that does not fails; forbidden: the reverse",
        arguments: [(true, true, 0), (true, false, 1), (false, false, 0), (false, true, 1)])
    func resumption(expected: Bool, keeps: Bool, exit: Int32) async throws {
        try await Tool.require(.openssl)
        let file = try Self.scenario(resumed: expected)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try await MockAuthDBinary.check(file, Self.client(keep: keeps))
        #expect(result.status == exit, "\(result.output)\(result.error)")
        if exit == 1 {
            #expect(result.output.contains("its TLS session"), "\(result.output)")
        }
    }
}
