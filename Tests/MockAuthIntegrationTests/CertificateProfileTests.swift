import Foundation
import MockAuth
import MockAuthTestSupport
import Testing

/// What `openssl verify` must say about a served certificate, and the one change that makes it pass.
struct ProfileCase: Sendable, CustomTestStringConvertible {
    var scenario: String
    /// The OpenSSL verify error the served chain must produce (`nil`: it verifies).
    var error: String?
    /// The host check of the strict verification; a host-name profile replaces it to forgive it.
    var hostCheck = ["-verify_ip", "127.0.0.1"]
    /// The one property `openssl x509 -text` shows for it, where it changes the shape every other
    /// profile keeps (a SHA-256 signature, a P-256 or RSA-2048 key, cA FALSE).
    var property: ShapeChange?
    /// `openssl verify` arguments that forgive exactly the broken property; `nil` when openssl has
    /// none (a trust anchor's name constraints apply whatever is trusted).
    var forgiveness: @Sendable (_ files: ProfileFiles) -> [String]?

    var testDescription: String { scenario }

    /// What a profile changes in the shape of a leaf, as `openssl x509 -text` prints it.
    enum ShapeChange: String, Sendable {
        case certificateAuthority = "CA:TRUE"
        case sha1Signature = "sha1WithRSAEncryption"
        case rsa1024Key = "Public-Key: (1024 bit)"
    }
}

/// The files one profile test works with.
struct ProfileFiles: Sendable {
    var directory: String
    var leaf: String { directory + "/leaf.pem" }
    var served: String { directory + "/served-intermediates.pem" }
    var root: String { directory + "/root.pem" }
    var untrustedRoot: String { directory + "/untrusted-root.pem" }
    var intermediate: String { directory + "/intermediate.pem" }
    var notBefore: Int
    var notAfter: Int
}

let profileCases: [ProfileCase] = [
    ProfileCase(scenario: "tls-valid", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-valid-rsa", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-pin-mismatch", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-pin-reissued", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-client-cert-required", error: nil) { _ in [] },
    // The client-certificate profiles serve the valid chain; what differs is their certificate
    // request (ClientCertificateRequestTests).
    ProfileCase(scenario: "tls-client-cert-optional", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-client-cert-selection", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-client-cert-unrequested", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-client-cert-rejected", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-expired", error: "certificate has expired") { files in
        ["-attime", String(files.notAfter - 86_400)]
    },
    ProfileCase(scenario: "tls-not-yet-valid", error: "certificate is not yet valid") { files in
        ["-attime", String(files.notBefore + 86_400)]
    },
    ProfileCase(scenario: "tls-self-signed", error: "self-signed certificate") { files in
        ["-partial_chain", "-CAfile", files.leaf]
    },
    ProfileCase(scenario: "tls-untrusted-root", error: "unable to get local issuer certificate") { files in
        ["-CAfile", files.untrustedRoot]
    },
    ProfileCase(scenario: "tls-incomplete-chain", error: "unable to get local issuer certificate") { files in
        ["-untrusted", files.intermediate]
    },
    ProfileCase(scenario: "tls-wrong-host", error: "IP address mismatch") { _ in
        ["-verify_hostname", "wrong-host.mockauth.invalid"]
    },
    // Without subjectAltName, OpenSSL's host-name check falls back to the common name (127.0.0.1):
    // forgiving the missing SAN is checking the name the way pre-2019 clients did.
    ProfileCase(scenario: "tls-missing-san", error: "IP address mismatch") { _ in ["-verify_hostname", "127.0.0.1"] },
    ProfileCase(scenario: "tls-chain-out-of-order", error: nil) { _ in [] },
    // The leaf's validity starts 10 days back; a day later the intermediate was still in date.
    ProfileCase(scenario: "tls-expired-intermediate", error: "certificate has expired") { files in
        ["-attime", String(files.notBefore + 86_400)]
    },
    ProfileCase(scenario: "tls-leaf-client-auth-eku-only", error: "unsuitable certificate purpose") { _ in
        ["-purpose", "sslclient"]
    },
    // Trusting the second intermediate itself leaves the first, and its constraint, out of the path.
    ProfileCase(scenario: "tls-pathlen-exceeded", error: "path length constraint exceeded") { files in
        ["-partial_chain", "-CAfile", files.served]
    },
    ProfileCase(scenario: "tls-unknown-critical-extension", error: "unhandled critical extension") { _ in
        ["-ignore_critical"]
    },
    ProfileCase(scenario: "tls-name-constraints-violated", error: "permitted subtree violation") { _ in nil },
    // Security level 2 (Debian's default) refuses SHA-1 signatures and RSA keys under 2048 bits;
    // level 0 allows SHA-1, level 1 (80 bits) a 1024-bit key.
    ProfileCase(scenario: "tls-sha1-leaf", error: "CA signature digest algorithm too weak", property: .sha1Signature) {
        _ in ["-auth_level", "0"]
    },
    ProfileCase(scenario: "tls-rsa-1024", error: "EE certificate key too weak", property: .rsa1024Key) { _ in
        ["-auth_level", "1"]
    },
    // OpenSSL accepts a CA as a server's certificate: the one property is its shape.
    ProfileCase(scenario: "tls-leaf-is-ca", error: nil, property: .certificateAuthority) { _ in [] },
    ProfileCase(scenario: "tls-cross-signed", error: nil) { _ in [] },
    // The chain itself verifies: the one defect is the revocation status (RevocationServedTests).
    ProfileCase(scenario: "tls-revocation-good", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-revoked-crl", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-revoked-ocsp", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-ocsp-unknown", error: nil) { _ in [] },
    ProfileCase(scenario: "tls-ocsp-expired-response", error: nil) { _ in [] },
]

@Suite("Served certificates, as openssl sees them")
struct CertificateProfileTests {
    /// Fetches the chain the scenario's server sends, with `openssl s_client -showcerts`.
    func servedChain(_ run: ScenarioRun) async throws -> [String] {
        let url = try #require(run.server.endpoint("origin"))
        let identity =
            run.scenario.client.identity != nil
            ? #"-cert "\#(run.files.clientCertificate)" -key "\#(run.files.clientKey)""# : ""
        let result = try await Shell.run(
            "openssl s_client -showcerts -connect 127.0.0.1:\(url.port) \(identity) </dev/null 2>/dev/null")
        let blocks = result.output.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst()
        return blocks.compactMap { block in
            guard let end = block.range(of: "-----END CERTIFICATE-----") else { return nil }
            return "-----BEGIN CERTIFICATE-----" + block[..<end.upperBound] + "\n"
        }
    }

    @Test(
        "each profile breaks exactly one property: openssl reports only its error, and forgiving that one property verifies",
        arguments: profileCases)
    func profile(_ testCase: ProfileCase) async throws {
        try await withTeardown { teardown in
            let scenario = try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load(testCase.scenario)
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let chain = try await servedChain(run)
            try #require(!chain.isEmpty, "no certificate was served")

            let directory = run.files.directory.path
            try chain[0].write(toFile: directory + "/leaf.pem", atomically: true, encoding: .utf8)
            try chain.dropFirst().joined().write(
                toFile: directory + "/served-intermediates.pem", atomically: true, encoding: .utf8)
            try run.pki.root.pem.write(toFile: directory + "/root.pem", atomically: true, encoding: .utf8)
            try run.pki.untrustedRoot.pem.write(
                toFile: directory + "/untrusted-root.pem", atomically: true, encoding: .utf8)
            try run.pki.intermediate.pem.write(
                toFile: directory + "/intermediate.pem", atomically: true, encoding: .utf8)

            // The shape every profile keeps: serverAuth, SHA-256, P-256 or RSA-2048, ≤ 825 days.
            let text = try await Shell.run(#"openssl x509 -in "\#(directory)/leaf.pem" -noout -text"#).output
            #expect(
                text.contains("TLS Web Server Authentication")
                    == (testCase.scenario != "tls-leaf-client-auth-eku-only"),
                "\(text)")
            if let property = testCase.property {
                #expect(
                    text.contains(property.rawValue), "\(testCase.scenario) should have \(property.rawValue): \(text)")
            }
            #expect(
                text.contains("ecdsa-with-SHA256") || text.contains("sha256WithRSAEncryption")
                    || testCase.property == .sha1Signature, "\(text)")
            #expect(
                text.contains("Public-Key: (256 bit)") || text.contains("Public-Key: (2048 bit)")
                    || testCase.property == .rsa1024Key, "\(text)")
            #expect(text.contains("CA:TRUE") == (testCase.property == .certificateAuthority), "\(text)")
            #expect(text.contains("Subject Alternative Name") == (testCase.scenario != "tls-missing-san"), "\(text)")
            // openssl (and LibreSSL) print "notBefore=Nov  2 10:00:00 2026 GMT"; parsed here, not by
            // GNU `date -d`, so the test runs on macOS too.
            let dates = try await Shell.run(#"openssl x509 -in "\#(directory)/leaf.pem" -noout -startdate -enddate"#)
                .output.split(separator: "\n").compactMap { line in
                    line.split(separator: "=", maxSplits: 1).last.flatMap { opensslDate(String($0)) }
                }
            try #require(dates.count == 2)
            #expect(dates[1] - dates[0] <= 825 * 86_400)
            let files = ProfileFiles(directory: directory, notBefore: dates[0], notAfter: dates[1])

            let intermediates = chain.count > 1 ? #" -untrusted "\#(files.served)""# : ""
            // As a TLS client verifies: for a server's purpose (serverAuth), at security level 2.
            let served = #"openssl verify -auth_level 2 -purpose sslserver -CAfile "\#(files.root)"\#(intermediates)"#
            let verdict = try await Shell.run(
                #"\#(served) \#(testCase.hostCheck.joined(separator: " ")) "\#(files.leaf)" 2>&1"#)
            if let error = testCase.error {
                #expect(verdict.status != 0, "\(testCase.scenario) verified but should fail with '\(error)'")
                #expect(verdict.output.contains(error), "\(verdict.output)")
                // "error 10 at 0 depth lookup: …" lines; the closing "error leaf.pem: verification failed" is not one.
                let errors = verdict.output.split(separator: "\n").filter {
                    $0.contains(" at ") && $0.contains("depth lookup")
                }
                #expect(errors.count == 1, "more than one property is broken: \(verdict.output)")
                // Forgiving a host-name property replaces the IP check; any other keeps it.
                guard let forgivingArguments = testCase.forgiveness(files) else { return }
                let hostCheck = forgivingArguments.contains("-verify_hostname") ? [] : testCase.hostCheck
                let arguments = (hostCheck + forgivingArguments).map { "'\($0)'" }.joined(separator: " ")
                let forgiven = try await Shell.run(#"\#(served) \#(arguments) "\#(files.leaf)" 2>&1"#)
                #expect(forgiven.status == 0, "forgiving the one property does not make it verify: \(forgiven.output)")
            } else {
                #expect(verdict.status == 0, "\(verdict.output)")
            }
        }
    }
}

/// Seconds since 1970 of a date as `openssl x509 -startdate` prints it ("Nov  2 10:00:00 2026 GMT").
func opensslDate(_ text: String) -> Int? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "MMM d HH:mm:ss yyyy zzz"
    let normalized = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    return formatter.date(from: normalized).map { Int($0.timeIntervalSince1970) }
}
