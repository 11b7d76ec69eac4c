import Foundation
import Testing

private let curl = ClientScript.curl
/// The workaround people paste to reach an old server: OpenSSL's security level 0 allows anything.
private let curlAtLevelZero = #"\#(curl) --ciphers 'DEFAULT@SECLEVEL=0' "$MOCKAUTH_URL""#
private let node = ClientScript.nodeHTTPSGet
/// Java 17's HttpClient with its default trust manager over the CA file.
private let java = #"java "$CLIENTS/JavaHttpsGet.java""#
private let urllib = ClientScript.urllib

/// Weak signatures and keys, a CA presented as a server, and a path to build: real clients through `mockauthd check`
/// (curl and `openssl s_client`, with and without verification, are in ``tlsMatrix``).
let weakCryptoMatrix: [AuthCase] = [
    AuthCase(scenario: "tls-sha1-leaf", client: "Node.js 20 https.get", script: node, expectedStatus: 0),
    AuthCase(scenario: "tls-sha1-leaf", client: "Python urllib", script: urllib, expectedStatus: 0),
    AuthCase(
        scenario: "tls-sha1-leaf", client: "curl at OpenSSL security level 0", script: curlAtLevelZero,
        expectedStatus: 1, mustMention: "it accepted a certificate signed with SHA-1"),
    AuthCase(
        scenario: "tls-sha1-leaf", client: "Java 17 HttpClient over the CA file", script: java, expectedStatus: 1,
        note: "jdk.certpath.disabledAlgorithms refuses SHA-1 only under the JDK's own CAs (jdkCA)",
        mustMention: "it accepted a certificate signed with SHA-1"),
    AuthCase(scenario: "tls-rsa-1024", client: "Python urllib", script: urllib, expectedStatus: 0),
    AuthCase(
        scenario: "tls-rsa-1024", client: "Java 17 HttpClient over the CA file", script: java, expectedStatus: 1,
        note: "jdk.certpath.disabledAlgorithms refuses RSA keys under 1024 bits only"),
    AuthCase(
        scenario: "tls-rsa-1024", client: "curl at OpenSSL security level 0", script: curlAtLevelZero,
        expectedStatus: 1, mustMention: "it accepted a 1024-bit RSA key"),
    AuthCase(
        scenario: "tls-rsa-1024", client: "Node.js 20 https.get", script: node, expectedStatus: 1,
        note: "Node.js 20 runs its bundled OpenSSL at security level 1, which allows 1024-bit RSA",
        mustMention: "whose key is 1024-bit RSA"),
    // Path building: OpenSSL 3 clients find the trusted root; walking the served chain reaches the expired one.
    AuthCase(scenario: "tls-cross-signed", client: "curl 7.88", script: "\(curl) $MOCKAUTH_URL", expectedStatus: 0),
    AuthCase(scenario: "tls-cross-signed", client: "Node.js 20 https.get", script: node, expectedStatus: 0),
    AuthCase(scenario: "tls-cross-signed", client: "Python urllib", script: urllib, expectedStatus: 0),
    AuthCase(
        scenario: "tls-cross-signed", client: "Java 17 HttpClient over the CA file", script: java, expectedStatus: 0),
    AuthCase(
        scenario: "tls-cross-signed", client: "Java 17, a trust manager that walks the served chain",
        script: #"java "$CLIENTS/JavaHttpsGet.java" --walk-served-chain"#, expectedStatus: 1,
        note: "as OpenSSL 1.0.2 and GnuTLS before 3.6.14 did", mustMention: "it followed the served chain"),
    AuthCase(
        scenario: "tls-valid", client: "Java 17, a trust manager that walks the served chain",
        script: #"java "$CLIENTS/JavaHttpsGet.java" --walk-served-chain"#, expectedStatus: 0),
    // A `should`: accepting is reported, never failed (OpenSSL, and so curl, Python and Node, accept).
    AuthCase(
        scenario: "tls-leaf-is-ca", client: "curl 7.88", script: "\(curl) $MOCKAUTH_URL", expectedStatus: 0,
        mustMention: "it accepted a CA certificate as a server's certificate (should)"),
]

@Suite("Weak signatures and keys, with real clients")
struct WeakCryptoCheckTests {
    @Test(arguments: weakCryptoMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }
}
