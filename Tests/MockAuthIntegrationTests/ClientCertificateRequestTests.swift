import Foundation
import MockAuth
import MockAuthTestSupport
import Testing

/// How a client-certificate server behaves, as `openssl s_client` sees it: the CAs its certificate
/// request names, and how it answers a client with no certificate, the first harness identity and the
/// second.
struct CertificateRequestBehavior: Equatable, CustomStringConvertible {
    /// The CA names the request carries, as s_client prints them.
    var caNames: String
    /// The outcome of `GET /` without a certificate, with the first identity, with the second.
    var withoutCertificate: String
    var firstIdentity: String
    var secondIdentity: String

    var description: String {
        "names [\(caNames)]; none → \(withoutCertificate); first → \(firstIdentity); second → \(secondIdentity)"
    }
}

/// A client-certificate profile, its valid control, and the one property in which they differ.
struct CertificateRequestCase: Sendable, CustomTestStringConvertible {
    var scenario: String
    var control: String
    /// The one property that differs (a key path's name, for the message).
    var property: String
    var differs: @Sendable (CertificateRequestBehavior, CertificateRequestBehavior) -> Bool

    var testDescription: String { "\(scenario) differs from \(control) in \(property) only" }
}

let certificateRequestCases: [CertificateRequestCase] = [
    CertificateRequestCase(
        scenario: "tls-client-cert-optional", control: "tls-client-cert-required", property: "without a certificate"
    ) {
        $0.withoutCertificate != $1.withoutCertificate
    },
    CertificateRequestCase(
        scenario: "tls-client-cert-selection", control: "tls-client-cert-required", property: "the CA named and trusted"
    ) {
        $0.caNames != $1.caNames && $0.firstIdentity != $1.firstIdentity && $0.secondIdentity != $1.secondIdentity
    },
    CertificateRequestCase(
        scenario: "tls-client-cert-unrequested", control: "tls-client-cert-optional",
        property: "the CA named and trusted"
    ) {
        $0.caNames != $1.caNames && $0.firstIdentity != $1.firstIdentity && $0.secondIdentity != $1.secondIdentity
    },
    CertificateRequestCase(
        scenario: "tls-client-cert-rejected", control: "tls-client-cert-selection", property: "the CA names"
    ) {
        $0.caNames != $1.caNames
    },
]

@Suite("Client-certificate servers, as openssl s_client sees them")
struct ClientCertificateRequestTests {
    /// What s_client sees of the origin of `scenario`.
    func behavior(_ scenario: String, teardown: Teardown) async throws -> CertificateRequestBehavior {
        let run = try await ScenarioRun.start(try ScenarioCatalog.directory(MockAuthDBinary.scenarios).load(scenario))
        teardown.add { await run.shutdown() }
        let port = try #require(run.server.endpoint("origin")).port
        let files = run.files
        let sClient = #"openssl s_client -connect 127.0.0.1:\#(port) -CAfile "\#(files.caFile)" -verify_return_error"#
        let names = try await Shell.run("\(sClient) </dev/null 2>/dev/null").output
        func outcome(_ identity: String) async throws -> String {
            let get = #"printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'"#
            let output = try await Shell.run("\(get) | \(sClient) -quiet -ign_eof \(identity) 2>&1").output
            if output.contains("HTTP/1.1 200") { return "200" }
            for alert in ["certificate required", "unknown ca", "handshake failure", "bad certificate"]
            where output.contains("alert \(alert)") {
                return "alert \(alert)"
            }
            return "other: \(output.suffix(200))"
        }
        return await CertificateRequestBehavior(
            caNames: Self.caNames(names),
            withoutCertificate: try outcome(""),
            firstIdentity: try outcome(#"-cert "\#(files.clientCertificate)" -key "\#(files.clientKey)""#),
            secondIdentity: try await outcome(
                #"-cert "\#(files.secondClientCertificate)" -key "\#(files.secondClientKey)""#))
    }

    /// The lines after "Acceptable client certificate CA names", or "none" when s_client reports none.
    static func caNames(_ output: String) -> String {
        let lines = output.split(separator: "\n").map(String.init)
        if lines.contains(where: { $0.contains("No client certificate CA names sent") }) { return "none" }
        guard let start = lines.firstIndex(where: { $0.contains("Acceptable client certificate CA names") }) else {
            return "no certificate request"
        }
        return lines[(start + 1)...].prefix { !$0.contains(":") || $0.hasPrefix("CN") }.joined(separator: "; ")
    }

    @Test(
        "each client-certificate profile differs from its valid control in exactly one property, which s_client shows",
        arguments: certificateRequestCases)
    func oneProperty(_ testCase: CertificateRequestCase) async throws {
        try await withTeardown { teardown in
            let profile = try await behavior(testCase.scenario, teardown: teardown)
            let control = try await behavior(testCase.control, teardown: teardown)
            let properties: [(String, KeyPath<CertificateRequestBehavior, String>)] = [
                ("CA names", \.caNames), ("without a certificate", \.withoutCertificate),
                ("first identity", \.firstIdentity), ("second identity", \.secondIdentity),
            ]
            let differing = properties.filter { profile[keyPath: $0.1] != control[keyPath: $0.1] }.map(\.0)
            #expect(testCase.differs(profile, control), "\(testCase.scenario): \(profile)\ncontrol: \(control)")
            // The control is valid: a client with the identity the control's server asks for is served.
            #expect([control.firstIdentity, control.secondIdentity].contains("200"), "control: \(control)")
            let expected: Set<String> =
                switch testCase.property {
                case "without a certificate": ["without a certificate"]
                case "the CA names": ["CA names"]
                default: ["CA names", "first identity", "second identity"]
                }
            #expect(Set(differing) == expected, "\(testCase.scenario): \(profile)\ncontrol: \(control)")
        }
    }
}
