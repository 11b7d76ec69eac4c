import Foundation
import MockAuthTestSupport
import Testing

/// `scripts/apple-assumptions`, which the macOS and simulator jobs run after the Apple tests: every
/// assumption docs/platforms.md lists, held, failed or not run, from the records the tests wrote.
@Suite("scripts/apple-assumptions")
struct AppleAssumptionsReportTests {
    static let script = MockAuthDBinary.repositoryRoot.appendingPathComponent("scripts/apple-assumptions").path

    /// One record, as `AssumptionRecorder` writes it.
    static func record(_ assumption: String, _ result: String, test: String, evidence: String = "seen") -> String {
        """
        {"assumption":"\(assumption)","result":"\(result)","evidence":"\(evidence)","test":"\(test)","platform":"iOS 26.0 simulator iPhone 17"}
        """
    }

    @Test("held, failed (naming a failed assumption it rests on), not run; skipped tools listed", .needs(.python3))
    func report() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "assumptions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = [
            Self.record("ats-allows-localhost", "held", test: "tlsToLocalhost()"),
            Self.record("proxy-tunnels-by-name", "failed", test: "tunnelByName()", evidence: "the proxy saw []"),
            Self.record("ats-accepts-delegate-trust-for-names", "failed", test: "tunnelByName()"),
            Self.record("digest-md5", "held", test: "digestMD5()"),
            Self.record("digest-md5", "failed", test: "digestMD5()", evidence: "refused | twice"),
            Self.record("ntlm-v2-with-domain", "error", test: "ntlm()"),
        ]
        for (index, record) in records.enumerated() {
            try record.write(to: directory.appendingPathComponent("r\(index).json"), atomically: true, encoding: .utf8)
        }
        let skipped = directory.appendingPathComponent("skipped.txt")
        try "chromium: needs chromium, which is missing here\n".write(to: skipped, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("apple-assumptions.md")
        let ran = try await Shell.execute([
            "python3", Self.script, "--records", directory.path, "--job", "iOS Simulator", "--xcode", "Xcode 26.0.1",
            "--skipped", skipped.path, "--out", out.path,
        ])
        #expect(ran.status == 0, "\(ran.error)")
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(text == ran.output)
        let lines = text.split(separator: "\n").map(String.init)
        func row(_ name: String) -> String { lines.first { $0.hasPrefix("| `\(name)` |") } ?? "" }
        #expect(row("ats-allows-localhost").contains("| held | 1 held |"))
        #expect(
            row("proxy-tunnels-by-name").contains("| **failed** |")
                && row("proxy-tunnels-by-name").contains("the proxy saw []"))
        #expect(
            row("ats-accepts-delegate-trust-for-names").contains(
                "**failed** (rests on `proxy-tunnels-by-name`, which failed)"))
        #expect(
            row("digest-md5").contains("**failed** | 1 held, 1 failed |")
                && row("digest-md5").contains("refused / twice"))
        #expect(row("ntlm-v2-with-domain").contains("| not run | 1 error |"))
        #expect(row("socks-sends-host-names").contains("| not run | — |"))
        #expect(text.contains("- Xcode: Xcode 26.0.1") && text.contains("iOS 26.0 simulator iPhone 17"))
        #expect(text.contains("## Tools the tests skipped for\n\n- chromium: needs chromium"))
        // Every assumption the docs list has its row, in the docs' order.
        let names = lines.compactMap { $0.firstMatch(of: /^\| `([a-z0-9-]+)` \|/)?.output.1 }.map(String.init)
        #expect(names.count >= 20 && names.first == "ats-allows-localhost", "\(names)")
    }
}
