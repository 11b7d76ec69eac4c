#if canImport(Security)
    import Foundation
    import MockAuthPortableTestSupport
    import MockAuthTesting
    import Security
    import Testing

    /// `AppleServerTrust.accepts` on the very chains the scenarios' servers send, with the anchors
    /// and pins the scenarios give the client: what URLSessionChallengeAnswerer decides for a
    /// server-trust challenge, without a connection.
    @Suite("AppleServerTrust: served chains against the scenario's anchors and pins")
    struct AppleServerTrustTests {
        /// A scenario and whether a careful client accepts what its origin serves.
        struct Case: Sendable, CustomTestStringConvertible {
            var scenario: String
            var accepted: Bool
            var testDescription: String { "\(scenario): \(accepted ? "accepted" : "refused")" }
        }

        static let cases = [
            Case(scenario: "tls-valid", accepted: true),
            Case(scenario: "tls-expired", accepted: false),
            Case(scenario: "tls-wrong-host", accepted: false),
            Case(scenario: "tls-untrusted-root", accepted: false),
            Case(scenario: "tls-self-signed", accepted: false),
            // Pins: a renewed certificate over the pinned key passes, another key does not, and a
            // pinned key on an expired certificate does not stand in for validation.
            Case(scenario: "tls-pin-reissued", accepted: true),
            Case(scenario: "tls-pin-mismatch", accepted: false),
            Case(scenario: "tls-pin-expired", accepted: false),
        ]

        @Test("each served chain is accepted or refused as a careful client decides", arguments: cases)
        func decides(_ testCase: Case) async throws {
            let accepted = try await Self.evaluate(testCase.scenario) { run in
                (try run.trustAnchorCertificates(), run.pins)
            }
            #expect(accepted == testCase.accepted)
        }

        @Test("tls-cross-signed: the anchored path through the served cross-certificate is found")
        func crossSigned() async {
            await AppleAssumption.crossSignedPathToTrustedRoot.check {
                let accepted = try await Self.evaluate("tls-cross-signed") { run in
                    (try run.trustAnchorCertificates(), run.pins)
                }
                return AssumptionObservation(
                    held: accepted, evidence: "AppleServerTrust.accepts gave \(accepted) for the served chain")
            }
        }

        @Test("tls-pin-mismatch's chain is valid in itself: without the pins it is accepted")
        func pinsAreWhatRefuses() async throws {
            let accepted = try await Self.evaluate("tls-pin-mismatch") { run in
                (try run.trustAnchorCertificates(), nil)
            }
            #expect(accepted)
        }

        @Test("without anchors the system store decides, and it does not hold the harness root")
        func systemStoreRefusesTheHarnessRoot() async throws {
            let accepted = try await Self.evaluate("tls-valid") { _ in ([], nil) }
            #expect(!accepted)
        }

        /// Starts `name` (its URLs naming `localhost`, as the URLSession tests reach it), builds a
        /// trust object from its origin's served chain and evaluates it with the anchors and pins
        /// `material` picks from the run.
        static func evaluate(
            _ name: String, material: (ScenarioRun) throws -> ([SecCertificate], PublicKeyPins?)
        ) async throws -> Bool {
            let scenario = try ScenarioCatalog.bundled.load(name)
            return try await withTeardown { teardown in
                let run = try await ScenarioRun.start(scenario, addressing: .localhost)
                teardown.add { await run.shutdown() }
                let (anchors, pins) = try material(run)
                return AppleServerTrust.accepts(try ServedTrust(run).trust(), anchors: anchors, pins: pins)
            }
        }
    }
#endif
