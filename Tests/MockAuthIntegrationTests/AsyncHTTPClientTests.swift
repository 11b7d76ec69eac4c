import AsyncHTTPClient
import MockAuthTesting
import NIOPosix
import NIOSSL
import XCTest

/// MockAuthTesting in-process: AsyncHTTPClient against the scenarios, good and defective.
final class AsyncHTTPClientTests: XCTestCase {
    /// An AsyncHTTPClient configured the way a careful user would, from the scenario's material.
    func makeClient(
        _ scenario: ScenarioRun, presentIdentity: Bool = false, verify: Bool = true
    ) throws -> HTTPClient {
        var tls = TLSConfiguration.makeClientConfiguration()
        // The scenario's anchors; the harness root where it gives none.
        let anchors = scenario.material.caCertificatePEM ?? scenario.pki.root.pem
        tls.trustRoots = .certificates([try NIOSSLCertificate(bytes: Array(anchors.utf8), format: .pem)])
        if !verify { tls.certificateVerification = .none }
        if presentIdentity {
            // The harness's client identity, whether the scenario gives it or not.
            let identity = scenario.pki.clientIdentity
            tls.certificateChain = [
                .certificate(try NIOSSLCertificate(bytes: Array(identity.pem.utf8), format: .pem))
            ]
            tls.privateKey = .privateKey(try NIOSSLPrivateKey(bytes: Array(identity.key.pkcs8PEM.utf8), format: .pem))
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        // By default AsyncHTTPClient retries a refused handshake until the request's deadline; one
        // attempt is what a test of trust decisions wants.
        configuration.connectionPool.retryConnectionEstablishment = false
        // NIOPosix and NIOSSL everywhere (on Apple platforms `.singleton` would be NIOTS).
        return HTTPClient(
            eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
    }

    /// GETs `url`; returns the status, or nil when the request failed (e.g. the handshake was refused).
    func get(_ url: String, with client: HTTPClient) async -> UInt? {
        defer { _ = client.shutdown() }
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
            _ = try await response.body.collect(upTo: 1 << 20)
            return response.status.code
        } catch {
            return nil
        }
    }

    func testValidChainCompletes() async throws {
        var status: UInt?
        let verdict = try await withScenario("tls-valid") { scenario in
            status = await get(scenario.url, with: try makeClient(scenario))
        }
        XCTAssertEqual(status, 200)
        XCTAssertScenarioPassed(verdict)
    }

    func testExpiredCertificateIsRefused() async throws {
        // The body runs against tls-expired, then, since the client refused it, against its control.
        var statuses: [String: UInt?] = [:]
        let verdict = try await withScenario("tls-expired") { scenario in
            statuses[scenario.scenario.name] = await get(scenario.url, with: try makeClient(scenario))
        }
        XCTAssertEqual(statuses, ["tls-expired": nil, "tls-valid": 200])
        XCTAssertScenarioPassed(verdict)
        XCTAssertEqual(verdict.control?.result, .pass)
    }

    func testClientThatSkipsVerificationIsCaughtOnExpiredCertificate() async throws {
        let verdict = try await withScenario("tls-expired") { scenario in
            _ = await get(scenario.url, with: try makeClient(scenario, verify: false))
        }
        XCTAssertScenarioFailed(verdict)
        XCTAssertEqual(
            verdict.violations.first?.reason,
            "the client sent GET / over a certificate that expired 2 days ago: it accepted an expired certificate")
    }

    func testClientCertificateRequired() async throws {
        let verdict = try await withScenario("tls-client-cert-required") { scenario in
            let status = await get(scenario.url, with: try makeClient(scenario, presentIdentity: true))
            XCTAssertEqual(status, 200)
        }
        XCTAssertScenarioPassed(verdict)
        XCTAssertTrue(verdict.met.contains { $0.reason.contains("presented CN=MockAuth Client") }, verdict.report)
    }

    func testClientWithoutIdentityIsCaught() async throws {
        let verdict = try await withScenario("tls-client-cert-required") { scenario in
            let status = await get(scenario.url, with: try makeClient(scenario))
            XCTAssertNil(status)
        }
        XCTAssertScenarioFailed(verdict)
        XCTAssertTrue(verdict.problems.contains("presented no client certificate"), verdict.report)
    }

    func testScenarioFromCatalogDirectoryAndTranscript() async throws {
        let catalog = ScenarioCatalog.directory(MockAuthDBinary.scenarios)
        let scenario = try catalog.load("tls-untrusted-root")
        let run = try await ScenarioRun.start(scenario)
        let status = await get(run.url, with: try makeClient(run))
        let verdict = await run.conclude().verdict
        XCTAssertNil(status)
        XCTAssertScenarioPassed(verdict)
        let connection = try XCTUnwrap(run.transcript().connections.first)
        XCTAssertEqual(connection.tls?.state, .failed)
        XCTAssertEqual(connection.tls?.alert, "unknown_ca")
        XCTAssertTrue(connection.requests.isEmpty)
    }
}
