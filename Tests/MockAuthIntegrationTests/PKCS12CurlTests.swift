import Foundation
import Testing

/// The client identity as PKCS#12, in each encoding the scenario can ask for, presented by curl
/// (OpenSSL 3) to a running `tls-client-cert-required` server through `mockauthd check`.
@Suite("PKCS#12 identities presented by curl")
struct PKCS12CurlTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The value of `identity:` in the scenario.
        var identity: String
        /// The file the client must be given.
        var file: String
        /// What `openssl pkcs12 -info` reports for it.
        var algorithms: [String]
        var testDescription: String { "identity: \(identity)" }
    }

    static let legacy = ["MAC: sha1, Iteration 2048", "Shrouded Keybag: pbeWithSHA1And3-KeyTripleDES-CBC"]
    static let pbes2 = ["MAC: sha256, Iteration 2048", "Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC"]

    static let cases: [Case] = [
        Case(identity: "true", file: "client.p12", algorithms: legacy),
        Case(identity: "{ pkcs12: legacy }", file: "client.p12", algorithms: legacy),
        Case(identity: "{ pkcs12: pbes2 }", file: "client-pbes2.p12", algorithms: pbes2),
    ]

    /// The catalog's `tls-client-cert-required` with `identity:` set to `identity`, in a new directory.
    func scenario(identity: String) throws -> (directory: URL, path: String) {
        let catalog = URL(fileURLWithPath: MockAuthDBinary.scenarios).appendingPathComponent(
            "tls-client-cert-required.yaml")
        let text = try String(contentsOf: catalog, encoding: .utf8)
        #expect(text.contains("\n  identity: true\n"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mockauth-p12-scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("tls-client-cert-required.yaml")
        try text.replacingOccurrences(of: "\n  identity: true\n", with: "\n  identity: \(identity)\n")
            .write(to: path, atomically: true, encoding: .utf8)
        return (directory, path.path)
    }

    static let curl = #"curl -sS -o /dev/null --max-time 20 --cacert "$MOCKAUTH_CA_FILE" --cert-type P12"#

    @Test(
        "curl presents the identity with the right passphrase, in the encoding the scenario asks for", arguments: cases)
    func accepted(_ testCase: Case) async throws {
        let file = try scenario(identity: testCase.identity)
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let script = #"""
            echo "P12=$(basename "$MOCKAUTH_CLIENT_P12")"
            openssl pkcs12 -in "$MOCKAUTH_CLIENT_P12" -info -noout -passin "pass:$MOCKAUTH_CLIENT_P12_PASSWORD" 2>&1
            \#(Self.curl) --cert "$MOCKAUTH_CLIENT_P12:$MOCKAUTH_CLIENT_P12_PASSWORD" "$MOCKAUTH_URL"
            """#
        let result = try await MockAuthDBinary.check(file.path, script)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("P12=\(testCase.file)"), "\(result.output)")
        for algorithm in testCase.algorithms {
            #expect(result.output.contains(algorithm), "\(algorithm) in \(result.output)")
        }
        #expect(result.output.contains("tls-client-cert-required: PASS"), "\(result.output)")
    }

    @Test("curl refuses the file with a wrong passphrase, and the verdict fails", arguments: cases)
    func wrongPassphrase(_ testCase: Case) async throws {
        let file = try scenario(identity: testCase.identity)
        defer { try? FileManager.default.removeItem(at: file.directory) }
        let script = #"""
            \#(Self.curl) --cert "$MOCKAUTH_CLIENT_P12:not-$MOCKAUTH_CLIENT_P12_PASSWORD" "$MOCKAUTH_URL"
            status=$?; echo "curl exited $status"; exit $status
            """#
        let result = try await MockAuthDBinary.check(file.path, script)
        #expect(result.status == 1, "\(result.output)\(result.error)")
        #expect(!result.output.contains("curl exited 0"), "\(result.output)")
        #expect(result.output.contains("curl exited "), "\(result.output)")
        #expect(result.error.contains("mac verify failure"), "\(result.error)")
        #expect(result.output.contains("✗ presents-client-certificate"), "\(result.output)")
    }
}
