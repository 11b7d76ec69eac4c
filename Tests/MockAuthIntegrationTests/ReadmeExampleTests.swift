import AsyncHTTPClient
import MockAuthTesting
import NIOPosix
import NIOSSL
import Testing

/// The README's first library example (`withScenario("tls-expired")`, then `verdict.expectPassed()`)
/// with `myClient` as a user would write it: a client that refuses every certificate must not pass
/// it, as it does not pass `mockauthd check`.
@Suite("The README's withScenario example")
struct ReadmeExampleTests {
    /// A client with the README's `get(_:trusting:)`: AsyncHTTPClient trusting the anchors it is
    /// given, or (`refusesEverything`) no anchor at all, so that it refuses every certificate.
    struct MyClient {
        var refusesEverything = false

        /// GETs `url`; the status, or an error when the request failed (the handshake was refused).
        func get(_ url: String, trusting anchorPEM: String?) async throws -> UInt {
            var tls = TLSConfiguration.makeClientConfiguration()
            let anchors = refusesEverything ? nil : anchorPEM
            tls.trustRoots = .certificates(
                try anchors.map { [try NIOSSLCertificate(bytes: Array($0.utf8), format: .pem)] } ?? [])
            var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
            configuration.connectionPool.retryConnectionEstablishment = false
            let client = HTTPClient(
                eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
            do {
                let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
                _ = try await response.body.collect(upTo: 1 << 20)
                try await client.shutdown()
                return response.status.code
            } catch {
                try await client.shutdown()
                throw error
            }
        }
    }

    /// The README's example, with `myClient`.
    func readmeExample(_ myClient: MyClient) async throws -> Verdict {
        try await withScenario("tls-expired") { scenario in
            _ = try? await myClient.get(scenario.url, trusting: scenario.material.caCertificatePEM)
        }
    }

    @Test("a client that refuses every certificate fails it: INCONCLUSIVE, for it refuses tls-valid too")
    func refusesEverything() async throws {
        let verdict = try await readmeExample(MyClient(refusesEverything: true))
        #expect(!verdict.passed, "\(verdict.report)")
        #expect(verdict.result == .inconclusive)
        #expect(verdict.control?.scenario == "tls-valid" && verdict.control?.result == .fail, "\(verdict.report)")
    }

    @Test("a client that trusts the anchor it is given passes it, its control included")
    func correct() async throws {
        let verdict = try await readmeExample(MyClient())
        #expect(verdict.passed, "\(verdict.report)")
        #expect(verdict.control?.result == .pass)
    }

    @Test("judged alone (control: .ignore), the refusing client would pass: what the default closes")
    func alone() async throws {
        let myClient = MyClient(refusesEverything: true)
        let verdict = try await withScenario("tls-expired", control: .ignore) { scenario in
            _ = try? await myClient.get(scenario.url, trusting: scenario.material.caCertificatePEM)
        }
        #expect(verdict.passed && verdict.control == nil, "\(verdict.report)")
    }
}

extension ReadmeExampleTests {
    @Test("the README shows this example, as written here")
    func readmeShowsIt() throws {
        let readme = try String(
            contentsOf: MockAuthDBinary.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(
            readme.contains(
                """
                    let verdict = try await withScenario("tls-expired") { scenario in
                        _ = try? await myClient.get(scenario.url, trusting: scenario.material.caCertificatePEM)
                    }
                    verdict.expectPassed()
                """))
    }
}
