import Foundation
import Testing

private let curl = ClientScript.curl + #" "$MOCKAUTH_URL""#
private let java = #"java -Dcom.sun.security.enableCRLDP=true "$CLIENTS/RevocationClient.java""#
private let openssl = #"sh "$CLIENTS/openssl_revocation_client.sh""#
private let python = #"python3 "$CLIENTS/crl_client.py""#

/// Revocation with real clients through `mockauthd check`: Java 17's PKIX revocation checker, an
/// OpenSSL 3 client (`openssl ocsp`, `openssl verify -crl_check`, then curl), a Python client that
/// fetches the CRL for `ssl.VERIFY_CRL_CHECK_LEAF`, and default curl, which checks nothing.
let revocationMatrix: [AuthCase] =
    ["tls-revoked-crl", "tls-revoked-ocsp", "tls-ocsp-unknown", "tls-ocsp-expired-response"].flatMap { scenario in
        [
            AuthCase(
                scenario: scenario, client: "Java 17 PKIXRevocationChecker (OCSP, then CRL)", script: java,
                expectedStatus: 0, mustMention: "reached revocation"),
            AuthCase(
                scenario: scenario, client: "OpenSSL 3 (ocsp / verify -crl_check) then curl", script: openssl,
                expectedStatus: 0, mustMention: "reached revocation"),
            AuthCase(
                scenario: scenario, client: "OpenSSL 3 that looks the status up and ignores it",
                script: "\(openssl) --ignore", expectedStatus: 1,
                mustMention: "heeds-revocation: the client looked it up"),
            AuthCase(
                scenario: scenario, client: "curl 7.88 (checks no revocation: passes with a warning)", script: curl,
                expectedStatus: 0, mustMention: "never looked up the certificate's revocation status"),
        ]
    } + [
        AuthCase(
            scenario: "tls-revoked-crl", client: "Python 3.11 with the fetched CRL and VERIFY_CRL_CHECK_LEAF",
            script: python, expectedStatus: 0, mustMention: "GET /crl reached revocation"),
        AuthCase(
            scenario: "tls-revoked-crl", client: "Python 3.11 that fetches the CRL and never turns the check on",
            script: "\(python) --ignore", expectedStatus: 1,
            mustMention: "it fetched the CRL that revokes the certificate and used the certificate anyway"),
        AuthCase(
            scenario: "tls-revocation-good", client: "Java 17 PKIXRevocationChecker", script: java, expectedStatus: 0),
        AuthCase(
            scenario: "tls-revocation-good", client: "OpenSSL 3 (ocsp) then curl", script: openssl, expectedStatus: 0),
        AuthCase(
            scenario: "tls-revocation-good", client: "Python 3.11 with the fetched CRL", script: python,
            expectedStatus: 0),
        AuthCase(
            scenario: "tls-revocation-good", client: "curl without the CA file it is given",
            script: #"curl -sS -o /dev/null --max-time 10 "$MOCKAUTH_URL""#, expectedStatus: 1,
            mustMention: "request-succeeds"),
    ]

@Suite("Revocation (CRL, OCSP) with real clients")
struct RevocationCheckTests {
    @Test(arguments: revocationMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }
}
