#if canImport(Security)
    import Foundation
    import MockAuthTesting
    import Security
    import Testing

    /// What App Transport Security lets a test process reach: the probes behind the form every other
    /// Apple test uses (`localhost`, ``ServerAddressing/localhost``), and the documented refusal that
    /// the form avoids.
    @Suite("App Transport Security and loopback")
    struct AppTransportSecurityTests {
        /// Basic over plain HTTP, as a file under Scenarios/ would say it.
        static let basicOverHTTP = """
            version: 1
            summary: Basic authentication over plain HTTP
            servers:
              origin:
                auth: { realm: mockauth, schemes: [basic], username: alice, password: wonderland-7 }
            client:
              credentials: { username: alice, password: wonderland-7 }
            expect:
              - rule: no-preemptive-credentials
                server: origin
              - rule: authenticates
                server: origin
            """

        @Test("plain HTTP to localhost: URLSessionClient answers the 401 and gets 200")
        func plainHTTPToLocalhost() async throws {
            let scenario = try Scenario(
                yaml: Self.basicOverHTTP, name: "basic-http", file: "AppTransportSecurityTests.swift")
            let run = try await judged(scenario, with: URLSessionClient())
            #expect(run.transcript?.endpoint("origin").map { $0.url.hasPrefix("http://localhost:") } == true)
            await AppleAssumption.atsAllowsLocalhost.check {
                AssumptionObservation(
                    held: run.verdict.result == .pass, evidence: run.explanation + "; \(Self.hostSettings)")
            }
        }

        @Test("TLS to localhost with the delegate's trust: tls-valid passes")
        func tlsToLocalhost() async throws {
            let run = try await judged("tls-valid", with: URLSessionClient())
            await AppleAssumption.atsAllowsLocalhost.check { run.observe(.pass) }
        }

        @Test("plain HTTP to 127.0.0.1 is refused by ATS, and nothing reaches the server")
        func plainHTTPToAnIPAddress() async throws {
            let scenario = try Scenario(
                yaml: Self.basicOverHTTP, name: "basic-http", file: "AppTransportSecurityTests.swift")
            var failure: URLError?
            var requests = -1
            _ = try await withScenario(scenario, control: .ignore) { run in
                let session = URLSession(configuration: .ephemeral)
                defer { session.invalidateAndCancel() }
                #expect(run.url.hasPrefix("http://127.0.0.1:"))
                do {
                    if let url = URL(string: run.url) { _ = try await session.data(from: url) }
                } catch let error as URLError {
                    failure = error
                }
                requests = run.transcript().requestCount(to: "origin")
            }
            await AppleAssumption.atsChecksIPAddresses.check {
                AssumptionObservation(
                    held: failure?.code == .appTransportSecurityRequiresSecureConnection && requests == 0,
                    evidence:
                        "URLSession's error: \(failure.map { "\($0.code.rawValue) \($0.localizedDescription)" } ?? "none"); requests that reached the server: \(requests); \(Self.hostSettings)"
                )
            }
        }

        /// The process whose ATS settings apply, and what its Info.plist says of ATS: the evidence
        /// of every ATS probe, so the report shows why an assumption held or failed there.
        static var hostSettings: String {
            let settings = Bundle.main.object(forInfoDictionaryKey: "NSAppTransportSecurity").map { "\($0)" }
            return "main bundle \(Bundle.main.bundlePath), NSAppTransportSecurity: \(settings ?? "none")"
        }
    }
#endif
