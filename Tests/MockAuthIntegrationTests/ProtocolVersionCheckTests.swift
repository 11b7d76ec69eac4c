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

/// A server that speaks only TLS 1.3: a client that offers it connects, one capped at TLS 1.2 fails,
/// with the handshake it failed in the reason.
let tls13OnlyMatrix: [AuthCase] = [
    AuthCase(
        scenario: "tls13-only", client: "curl (OpenSSL 3 defaults)", script: "\(curl) $MOCKAUTH_URL", expectedStatus: 0),
    AuthCase(
        scenario: "tls13-only", client: "Python ssl (default context)",
        script: #"""
            python3 -c 'import os, ssl, urllib.request
            urllib.request.urlopen(os.environ["MOCKAUTH_URL"], context=ssl.create_default_context(cafile=os.environ["MOCKAUTH_CA_FILE"]), timeout=10)'
            """#, expectedStatus: 0),
    AuthCase(
        scenario: "tls13-only", client: "curl --tls-max 1.2 (capped below TLS 1.3)",
        script: "\(curl) --tls-max 1.2 $MOCKAUTH_URL", expectedStatus: 1, mustMention: "could not speak TLS 1.3"),
    AuthCase(
        scenario: "tls13-only", client: "Python ssl capped at TLS 1.2",
        script: #"""
            python3 -c 'import os, ssl, urllib.request
            context = ssl.create_default_context(cafile=os.environ["MOCKAUTH_CA_FILE"])
            context.maximum_version = ssl.TLSVersion.TLSv1_2
            urllib.request.urlopen(os.environ["MOCKAUTH_URL"], context=context, timeout=10)'
            """#, expectedStatus: 1, mustMention: "could not speak TLS 1.3"),
]

@Suite("Servers of one protocol version, with real clients")
struct ProtocolVersionCheckTests {
    @Test(arguments: protocolVersionMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }

    @Test("a TLS 1.3-only server", arguments: tls13OnlyMatrix)
    func tls13Only(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }
}
