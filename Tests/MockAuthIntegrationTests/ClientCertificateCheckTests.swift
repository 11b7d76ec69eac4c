import Foundation
import Testing

private let curl = ClientScript.curl
private let firstIdentity = #"--cert "$MOCKAUTH_CLIENT_CERT" --key "$MOCKAUTH_CLIENT_KEY""#
private let java = #"java "$CLIENTS/ClientCertFetch.java""#
/// A client certificate from a CA of its own, as a client configured with one for every server
/// holds (curlrc `cert`): generated for the run, in the run's directory.
private let strayIdentity = #"""
    stray="$(dirname "$MOCKAUTH_CA_FILE")/stray"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=stray -days 1 \
      -keyout "$stray.key" -out "$stray.pem" 2>/dev/null
    """#

/// Client certificates beyond "required": real clients through `mockauthd check`.
let clientCertificateMatrix: [AuthCase] = [
    AuthCase(
        scenario: "tls-client-cert-optional", client: "curl without an identity",
        script: #"\#(curl) "$MOCKAUTH_URL""#, expectedStatus: 0),
    AuthCase(
        scenario: "tls-client-cert-optional", client: "Java 17 HttpClient without an identity",
        script: java, expectedStatus: 0),
    AuthCase(
        scenario: "tls-client-cert-optional", client: "curl with an identity configured for every server",
        script: strayIdentity + "\n" + #"\#(curl) --cert "$stray.pem" --key "$stray.key" "$MOCKAUTH_URL""#,
        expectedStatus: 1, mustMention: "✗ withholds-client-certificate: the client presented CN=stray"),
    AuthCase(
        scenario: "tls-client-cert-selection", client: "Java 17 holding both identities (the key manager picks)",
        script: java, expectedStatus: 0),
    AuthCase(
        scenario: "tls-client-cert-selection", client: "curl always sending its first identity",
        script: #"\#(curl) \#(firstIdentity) "$MOCKAUTH_URL""#, expectedStatus: 1,
        mustMention:
            "CN=MockAuth Client,O=MockAuth, issued by CN=MockAuth Client CA,O=MockAuth) the server does not trust"),
    AuthCase(
        scenario: "tls-client-cert-unrequested", client: "Java 17 holding an identity from another CA",
        script: java, expectedStatus: 0),
    AuthCase(
        scenario: "tls-client-cert-unrequested", client: "curl sending its identity to any server that asks",
        script: #"\#(curl) \#(firstIdentity) "$MOCKAUTH_URL""#, expectedStatus: 1,
        mustMention: "! withholds-client-certificate: the client presented CN=MockAuth Client,O=MockAuth"),
    AuthCase(
        scenario: "tls-client-cert-rejected", client: "curl, once",
        script: #"\#(curl) \#(firstIdentity) "$MOCKAUTH_URL""#,
        expectedStatus: 0, mustMention: "✓ max-attempts: the client stopped after 1 refused attempt"),
    AuthCase(
        scenario: "tls-client-cert-rejected", client: "Java 17 HttpClient", script: java, expectedStatus: 0,
        note: "it tries the refused handshake twice"),
    AuthCase(
        scenario: "tls-client-cert-rejected", client: "curl --retry 5 --retry-all-errors",
        script: #"\#(curl) --retry 5 --retry-all-errors --retry-delay 0 \#(firstIdentity) "$MOCKAUTH_URL""#,
        expectedStatus: 1, mustMention: "went back after the server refused its client certificate 6 times"),
]

@Suite("Client certificates: optional, selection, unrequested, rejected, with real clients")
struct ClientCertificateCheckTests {
    @Test(arguments: clientCertificateMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }
}
