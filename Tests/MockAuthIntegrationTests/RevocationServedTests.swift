import Foundation
import MockAuth
import MockAuthTestSupport
import Testing

/// The revocation scenarios as served: the chain from `openssl s_client`, the CRL from the
/// revocation server (curl), the OCSP answer from it (`openssl ocsp -url`, POST; curl, GET). Each
/// profile is the control's valid leaf plus one status: `openssl verify -crl_check` reports
/// "certificate revoked" and nothing else for `revoked-crl`, and the responder answers `revoked`,
/// `unknown` or `good`.
@Suite("Revocation as served: the CRL and the responder of a running scenario")
struct RevocationServedTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var scenario: String
        /// `openssl verify -crl_check`'s one error, or `nil`: the CRL does not list the leaf.
        var crlError: String?
        /// What `openssl ocsp` says of the leaf, or `nil` when the leaf names no responder.
        var ocsp: String?
        /// Whether the responder's answer is already past its nextUpdate.
        var ocspExpired = false
        var testDescription: String { scenario }
    }

    static let cases = [
        Case(scenario: "tls-revocation-good", crlError: nil, ocsp: "good"),
        Case(scenario: "tls-revoked-crl", crlError: "certificate revoked", ocsp: nil),
        Case(scenario: "tls-revoked-ocsp", crlError: "certificate revoked", ocsp: "revoked"),
        Case(scenario: "tls-ocsp-unknown", crlError: nil, ocsp: "unknown"),
        Case(scenario: "tls-ocsp-expired-response", crlError: nil, ocsp: "good", ocspExpired: true),
    ]

    /// What `openssl ocsp` prints for the leaf: "cert1.pem: good", or for an expired response the
    /// warning and "status expired" before the status.
    static func mentions(_ output: String, _ testCase: Case) -> Bool {
        guard let status = testCase.ocsp else { return false }
        guard testCase.ocspExpired else { return output.contains("cert1.pem: \(status)") }
        return output.contains("cert1.pem: WARNING: Status times invalid.") && output.contains("status expired")
            && output.contains("\n\(status)\n")
    }

    @Test(arguments: cases)
    func served(_ testCase: Case) async throws {
        try await withTeardown { teardown in
            let scenario = try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load(testCase.scenario)
            let run = try await ScenarioRun.start(scenario)
            teardown.add { await run.shutdown() }
            let origin = try #require(run.server.endpoint("origin"))
            let revocation = try #require(run.server.endpoint("revocation"))
            let directory = run.files.directory.path
            try run.pki.root.pem.write(toFile: directory + "/root.pem", atomically: true, encoding: .utf8)
            let fetched = try await Shell.run(
                #"""
                cd "\#(directory)"
                openssl s_client -showcerts -connect 127.0.0.1:\#(origin.port) </dev/null 2>/dev/null \
                    | awk '/BEGIN CERTIFICATE/ { n++ } n { print > ("cert" n ".pem") }'
                curl -sS --max-time 10 -o crl.der "\#(revocation.url(path: "/crl"))"
                openssl crl -inform DER -in crl.der -out crl.pem
                """#)
            try #require(fetched.status == 0, "\(fetched.output)\(fetched.error)")

            // The chain is valid; checked against the served CRL, only the revocation can fail it.
            let verify = try await Shell.run(
                #"cd "\#(directory)" && openssl verify -crl_check -CAfile root.pem -untrusted cert2.pem -CRLfile crl.pem cert1.pem 2>&1"#
            )
            let errors = verify.output.split(separator: "\n").filter { $0.contains("depth lookup") }
            if let error = testCase.crlError {
                #expect(errors.count == 1 && errors[0].contains(error), "\(verify.output)")
            } else {
                #expect(verify.status == 0, "\(verify.output)")
            }

            let leafText = try await Shell.run(#"openssl x509 -in "\#(directory)/cert1.pem" -noout -text"#).output
            #expect(leafText.contains("OCSP - URI:\(revocation.url(path: "/ocsp"))") == (testCase.ocsp != nil))
            #expect(
                leafText.contains("URI:\(revocation.url(path: "/crl"))")
                    == !["tls-revoked-ocsp", "tls-ocsp-unknown", "tls-ocsp-expired-response"].contains(
                        testCase.scenario))
            guard testCase.ocsp != nil else { return }
            // POST, as openssl ocsp asks.
            let post = try await Shell.run(
                #"cd "\#(directory)" && openssl ocsp -issuer cert2.pem -cert cert1.pem -CAfile root.pem -url "\#(revocation.url(path: "/ocsp"))" 2>&1"#
            )
            #expect(post.output.contains("Response verify OK"), "\(post.output)")
            #expect(Self.mentions(post.output, testCase), "\(post.output)")
            // GET with the URL-encoded base64 request (RFC 6960 A.1), as Java asks.
            let get = try await Shell.run(
                #"""
                cd "\#(directory)"
                openssl ocsp -no_nonce -issuer cert2.pem -cert cert1.pem -reqout request.der
                encoded=$(base64 < request.der | tr -d '\n' | sed 's/+/%2B/g; s|/|%2F|g; s/=/%3D/g')
                curl -sS --max-time 10 -o response.der "\#(revocation.url(path: "/ocsp"))/$encoded"
                openssl ocsp -no_nonce -respin response.der -issuer cert2.pem -cert cert1.pem -CAfile root.pem 2>&1
                """#)
            #expect(Self.mentions(get.output, testCase), "\(get.output)")
            // The transcript records each lookup on the revocation server.
            let lookups = run.server.transcript().connections.filter { $0.server == "revocation" }.flatMap(\.requests)
            #expect(lookups.map(\.method).sorted() == ["GET", "GET", "POST"], "\(lookups.map(\.target))")
            // A malformed GET gets 400, a bad POST body malformedRequest: the server stays up.
            let bad = try await Shell.run(
                #"curl -s -o /dev/null -w '%{http_code}' "\#(revocation.url(path: "/ocsp"))/not%20base64!"; curl -s --data-binary junk -H 'Content-Type: application/ocsp-request' "\#(revocation.url(path: "/ocsp"))" | od -An -tx1"#
            )
            #expect(bad.output.contains("400") && bad.output.contains("30 03 0a 01 01"), "\(bad.output)")
        }
    }
}
