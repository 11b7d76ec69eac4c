import Foundation
import Testing

/// One row of the matrix: a real client against a scenario through `mockauthd check`, and the exit
/// status the contract demands (0: behaved as expected, 1: did not).
struct ClientCase: Sendable, CustomTestStringConvertible {
    var scenario: String
    var client: RealClient
    var expectedStatus: Int32
    /// Why the expectation is what it is, when that is not obvious.
    var note: String = ""

    var testDescription: String { "\(scenario) × \(client) → \(expectedStatus)" }
}

/// The TLS scenarios whose correct client refuses the certificate.
let rejectionScenarios = [
    "tls-self-signed", "tls-expired", "tls-not-yet-valid", "tls-wrong-host", "tls-untrusted-root",
    "tls-incomplete-chain", "tls-expired-rsa", "tls-expired-intermediate", "tls-leaf-client-auth-eku-only",
    "tls-pathlen-exceeded", "tls-unknown-critical-extension", "tls-name-constraints-violated", "tls-sha1-leaf",
    "tls-rsa-1024",
]

let tlsMatrix: [ClientCase] =
    rejectionScenarios.flatMap { scenario in
        [
            ClientCase(scenario: scenario, client: .curl, expectedStatus: 0),
            ClientCase(scenario: scenario, client: .curlInsecure, expectedStatus: 1),
            ClientCase(scenario: scenario, client: .sClient, expectedStatus: 0),
            ClientCase(scenario: scenario, client: .sClientIgnoringErrors, expectedStatus: 1),
        ]
    } + [
        ClientCase(scenario: "tls-valid", client: .curl, expectedStatus: 0),
        ClientCase(scenario: "tls-valid", client: .curlInsecure, expectedStatus: 0),
        ClientCase(scenario: "tls-valid", client: .curlWithoutCAFile, expectedStatus: 1),
        ClientCase(scenario: "tls-valid", client: .sClient, expectedStatus: 0),
        ClientCase(scenario: "tls-chain-out-of-order", client: .curl, expectedStatus: 0),
        ClientCase(scenario: "tls-chain-out-of-order", client: .sClient, expectedStatus: 0),
        ClientCase(scenario: "tls-chain-out-of-order", client: .curlWithoutCAFile, expectedStatus: 1),
        ClientCase(scenario: "tls-valid-rsa", client: .curl, expectedStatus: 0),
        ClientCase(scenario: "tls-valid-rsa", client: .curlWithoutCAFile, expectedStatus: 1),
        ClientCase(scenario: "tls-valid-localhost", client: .curl, expectedStatus: 0),
        ClientCase(scenario: "tls-valid-localhost", client: .curlWithoutCAFile, expectedStatus: 1),
        ClientCase(scenario: "tls-missing-san", client: .sClient, expectedStatus: 0),
        ClientCase(scenario: "tls-missing-san", client: .sClientIgnoringErrors, expectedStatus: 1),
        ClientCase(
            scenario: "tls-missing-san", client: .curl, expectedStatus: 1,
            note:
                "curl 7.88 (OpenSSL) falls back to the common name when a certificate has no subjectAltName: a real defect the scenario catches"
        ),
        ClientCase(
            scenario: "tls-missing-san-localhost", client: .requests, expectedStatus: 0,
            note: "urllib3 matches subjectAltName only"),
        ClientCase(
            scenario: "tls-missing-san-localhost", client: .curl, expectedStatus: 1,
            note: "curl 7.88 (OpenSSL) falls back to the common name for DNS names too"),
        ClientCase(scenario: "tls-client-cert-required", client: .curlPEMIdentity, expectedStatus: 0),
        ClientCase(scenario: "tls-client-cert-required", client: .curlPKCS12Identity, expectedStatus: 0),
        ClientCase(scenario: "tls-client-cert-required", client: .curlWithoutIdentity, expectedStatus: 1),
        ClientCase(scenario: "tls-client-cert-required", client: .sClientWithIdentity, expectedStatus: 0),
        ClientCase(scenario: "tls-client-cert-required", client: .sClient, expectedStatus: 1),
        ClientCase(scenario: "tls-pin-mismatch", client: .curl, expectedStatus: 0),
        ClientCase(scenario: "tls-pin-mismatch", client: .curlWithoutPin, expectedStatus: 1),
        ClientCase(scenario: "tls-pin-reissued", client: .curl, expectedStatus: 0),
    ]

@Suite("mockauthd check with real clients")
struct CheckCommandTests {
    @Test(arguments: tlsMatrix)
    func realClient(_ testCase: ClientCase) async throws {
        let result = try await MockAuthDBinary.check(testCase.scenario, testCase.client.script)
        #expect(
            result.status == testCase.expectedStatus,
            """
            \(testCase.testDescription) \(testCase.note)
            stdout:
            \(result.output)
            stderr:
            \(result.error)
            """)
    }

    @Test("a rejection verdict names the defect and the alert the client sent")
    func verdictWording() async throws {
        let accepted = try await MockAuthDBinary.check("tls-expired", RealClient.curlInsecure.script)
        #expect(accepted.status == 1)
        #expect(
            accepted.output.contains(
                "the client sent GET / over a certificate that expired 2 days ago: it accepted an expired certificate"),
            "\(accepted.output)")

        let refused = try await MockAuthDBinary.check("tls-expired", RealClient.curl.script)
        #expect(refused.status == 0)
        #expect(refused.output.contains("aborted the handshake with alert certificate_expired"), "\(refused.output)")
    }

    @Test("a client that never connects is inconclusive, not credited")
    func neverConnected() async throws {
        let result = try await MockAuthDBinary.check("tls-expired", "exit 7")
        #expect(result.status == 1)
        #expect(result.output.contains("INCONCLUSIVE"), "\(result.output)")
        #expect(result.output.contains("never connected"), "\(result.output)")
    }

    @Test("the environment follows the contract: variables that do not apply are unset")
    func environment() async throws {
        let script =
            #"env | grep '^MOCKAUTH_' | sort; curl -sS -o /dev/null --cacert "$MOCKAUTH_CA_FILE" "$MOCKAUTH_URL""#
        let plain = try await MockAuthDBinary.check("tls-valid", script)
        #expect(plain.status == 0, "\(plain.output)\(plain.error)")
        for name in [
            "MOCKAUTH_URL=https://127.0.0.1:", "MOCKAUTH_URLS=https://127.0.0.1:", "MOCKAUTH_CA_FILE=/",
            "MOCKAUTH_SCENARIO=tls-valid",
        ] {
            #expect(plain.output.contains(name), "missing \(name) in \(plain.output)")
        }
        for name in ["MOCKAUTH_CLIENT_CERT", "MOCKAUTH_PIN_SHA256", "MOCKAUTH_USERNAME"] {
            #expect(!plain.output.contains(name), "\(name) should be unset: \(plain.output)")
        }

        let identity = try await MockAuthDBinary.check(
            "tls-client-cert-required", script + #" --cert "$MOCKAUTH_CLIENT_CERT" --key "$MOCKAUTH_CLIENT_KEY""#)
        for name in [
            "MOCKAUTH_CLIENT_CERT=/", "MOCKAUTH_CLIENT_KEY=/", "MOCKAUTH_CLIENT_P12=/",
            "MOCKAUTH_CLIENT_P12_PASSWORD=mockauth-",
        ] {
            #expect(identity.output.contains(name), "missing \(name) in \(identity.output)")
        }
        let pinned = try await MockAuthDBinary.check("tls-pin-reissued", script)
        #expect(pinned.output.contains("MOCKAUTH_PIN_SHA256=sha256//"), "\(pinned.output)")
    }

    @Test("client files are private: the key and PKCS#12 are 0600 and removed afterwards")
    func clientFilePermissions() async throws {
        let script =
            #"for f in "$MOCKAUTH_CLIENT_KEY" "$MOCKAUTH_CLIENT_P12" "$(dirname "$MOCKAUTH_CA_FILE")"; do echo "$(ls -ld "$f" | cut -c1-10) $f"; done; echo "DIR=$(dirname "$MOCKAUTH_CA_FILE")"; curl -sS -o /dev/null --cacert "$MOCKAUTH_CA_FILE" --cert "$MOCKAUTH_CLIENT_CERT" --key "$MOCKAUTH_CLIENT_KEY" "$MOCKAUTH_URL""#
        let result = try await MockAuthDBinary.check("tls-client-cert-required", script)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        // `ls -ld` modes ("-rw-------"), as octal: portable where `stat -c` is GNU only.
        let lines = result.output.split(separator: "\n").map { line in
            octalMode(line.prefix(10)).map { "\($0)\(line.dropFirst(10))" } ?? String(line)
        }
        #expect(lines.filter { $0.hasPrefix("600 ") }.count == 2, "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("700 ") }, "\(result.output)")
        let directory = lines.first { $0.hasPrefix("DIR=") }.map { String($0.dropFirst(4)) } ?? ""
        #expect(!directory.isEmpty && !FileManager.default.fileExists(atPath: directory), "\(directory) still exists")
    }

    @Test("--json prints the verdict and the transcript")
    func json() async throws {
        let result = try await MockAuthDBinary.check(
            "tls-untrusted-root", RealClient.curl.script, extraArguments: ["--json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let verdict = object?["verdict"] as? [String: Any]
        #expect(verdict?["result"] as? String == "pass")
        let transcript = object?["transcript"] as? [String: Any]
        let connections = transcript?["connections"] as? [[String: Any]]
        let tls = connections?.first?["tls"] as? [String: Any]
        #expect(tls?["alert"] as? String == "unknown_ca", "\(result.output)")
    }

    @Test("a client that hangs is stopped at the timeout and judged")
    func timeout() async throws {
        let result = try await MockAuthDBinary.check("tls-valid", "sleep 30", extraArguments: ["--timeout", "1"])
        #expect(result.status == 1)
        #expect(result.output.contains("did not finish within 1 s"), "\(result.output)")
    }
}

/// The permission bits of an `ls -l` mode string ("drwx------" → "700"), or nil for another text.
func octalMode(_ mode: Substring) -> String? {
    let bits = mode.dropFirst()
    guard mode.count == 10, bits.allSatisfy({ "rwx-sStT".contains($0) }) else { return nil }
    let triads = stride(from: 0, to: 9, by: 3).map { start in
        bits.dropFirst(start).prefix(3).enumerated().reduce(0) { value, element in
            value
                | (element.element == "-" || element.element == "S" || element.element == "T" ? 0 : 4 >> element.offset)
        }
    }
    return triads.map(String.init).joined()
}
