import Foundation
import Testing

private let curl = ClientScript.curl

/// Servers that speak only TLS 1.0 or 1.1: real clients through `mockauthd check`.
let protocolVersionMatrix: [AuthCase] = ["tls10-only", "tls11-only"].flatMap { scenario in
    [
        AuthCase(
            scenario: scenario, client: "curl (OpenSSL 3 defaults)", script: "\(curl) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: scenario, client: "Python ssl (default context: TLS 1.2 or newer)",
            script: #"""
                python3 -c 'import os, ssl, urllib.request
                urllib.request.urlopen(os.environ["MOCKAUTH_URL"], context=ssl.create_default_context(cafile=os.environ["MOCKAUTH_CA_FILE"]), timeout=10)'
                """#, expectedStatus: 0),
        AuthCase(
            scenario: scenario, client: "curl --tlsv1.0 at OpenSSL security level 0 (falls back)",
            script: "\(curl) --tlsv1.0 --ciphers DEFAULT@SECLEVEL=0 $MOCKAUTH_URL", expectedStatus: 1,
            mustMention: "a server that speaks only TLS 1.\(scenario == "tls10-only" ? "0" : "1")"),
    ]
}

@Suite("Old protocol versions, with real clients")
struct ProtocolVersionCheckTests {
    @Test(arguments: protocolVersionMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }
}
