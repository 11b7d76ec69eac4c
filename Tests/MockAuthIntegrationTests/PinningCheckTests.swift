import Foundation
import Testing

private let curl = ClientScript.curl
private let pinned = #"--pinnedpubkey "$MOCKAUTH_PIN_SHA256""#

/// Pinning adds to validation, never replaces it: real clients through `mockauthd check`.
let pinningMatrix: [AuthCase] =
    ["tls-pin-wrong-host", "tls-pin-expired"].flatMap { scenario in
        [
            AuthCase(
                scenario: scenario, client: "curl --pinnedpubkey (validates, then pins)",
                script: "\(curl) \(pinned) $MOCKAUTH_URL", expectedStatus: 0),
            AuthCase(
                scenario: scenario, client: "curl -k --pinnedpubkey (the pin alone)",
                script: "\(curl) -k \(pinned) $MOCKAUTH_URL", expectedStatus: 1,
                mustMention: "it let the pin stand in for"),
            AuthCase(
                scenario: scenario, client: "Node.js, chain validated then pinned",
                script: #"node "$CLIENTS/pin_chain_client.js""#, expectedStatus: 0),
        ]
    } + [
        AuthCase(
            scenario: "tls-pin-backup", client: "curl --pinnedpubkey with the whole pin set",
            script: "\(curl) \(pinned) $MOCKAUTH_URL", expectedStatus: 0),
        AuthCase(
            scenario: "tls-pin-backup", client: "curl pinning only the first entry of the set",
            script: #"\#(curl) --pinnedpubkey "${MOCKAUTH_PIN_SHA256%%;*}" $MOCKAUTH_URL"#, expectedStatus: 1,
            mustMention: "it refused the backup key of the pin set it was given"),
        AuthCase(
            scenario: "tls-pin-intermediate", client: "Node.js, a pin on any certificate of the validated chain",
            script: #"node "$CLIENTS/pin_chain_client.js""#, expectedStatus: 0),
        AuthCase(
            scenario: "tls-pin-intermediate", client: "curl 7.88 --pinnedpubkey (the server's own key only)",
            script: "\(curl) \(pinned) $MOCKAUTH_URL", expectedStatus: 1,
            note: "curl compares the pin with the leaf's key alone",
            mustMention: "it matched the pin against the leaf only"),
    ]

@Suite("Pinning on top of validation, with real clients")
struct PinningCheckTests {
    @Test(arguments: pinningMatrix)
    func realClient(_ testCase: AuthCase) async throws {
        try await testCase.checkWithMockAuthD()
    }

    @Test("MOCKAUTH_PIN_SHA256 holds the primary and the backup pin, in curl's form")
    func pinSet() async throws {
        let result = try await MockAuthDBinary.check(
            "tls-pin-reissued",
            #"""
            case "$MOCKAUTH_PIN_SHA256" in sha256//*\;sha256//*) ;; *) exit 1 ;; esac
            curl -sS -o /dev/null --max-time 10 --cacert "$MOCKAUTH_CA_FILE" --pinnedpubkey "$MOCKAUTH_PIN_SHA256" "$MOCKAUTH_URL"
            """#)
        #expect(result.status == 0, "\(result.output)\n\(result.error)")
    }
}
