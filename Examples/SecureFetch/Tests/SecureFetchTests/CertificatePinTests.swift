import Crypto
import Foundation
import MockAuthTesting
import SecureFetch
import Testing

/// `.certificatePins`: the whole leaf, not just its key. The scenarios hand clients a public-key
/// pin only; these tests compute certificate pins from the harness PKI in the same process.
@Suite("Certificate pins")
struct CertificatePinTests {
    /// `sha256//BASE64` of `der`.
    func pin(of der: [UInt8]) -> String {
        "sha256//" + Data(SHA256.hash(data: der)).base64EncodedString()
    }

    @Test("tls-pin-reissued: a pin of the very certificate the server presents is accepted")
    func pinOfPresentedCertificate() async throws {
        let verdict = try await withScenario("tls-pin-reissued") { scenario in
            let presented = try #require(scenario.server.endpoint("origin")?.certificateChainDER.first)
            let configuration = SecureFetchConfiguration(
                trust: .certificatePins([pin(of: presented)], roots: [scenario.anchorsPEM]),
                timeout: .seconds(10))
            let response = try await withSecureFetchClient(configuration) { try await $0.get(scenario.url) }
            #expect(response.status == 200)
        }
        verdict.expectPassed()
    }

    @Test("tls-pin-reissued: pinning the original certificate breaks on renewal, and the verdict says so")
    func pinOfOriginalCertificateIsCaught() async throws {
        let verdict = try await withScenario("tls-pin-reissued") { scenario in
            let configuration = SecureFetchConfiguration(
                trust: .certificatePins(
                    [pin(of: scenario.pki.pinnedOriginal.derBytes)], roots: [scenario.anchorsPEM]),
                timeout: .seconds(10))
            let error = await #expect(throws: SecureFetchError.self) {
                try await withSecureFetchClient(configuration) { try await $0.get(scenario.url) }
            }
            #expect(error?.code == .pinMismatch)
        }
        #expect(verdict.result == .fail, "\(verdict.report)")
        #expect(verdict.problems.contains("it refused a renewed certificate for the key it pins"), "\(verdict.report)")
    }
}
