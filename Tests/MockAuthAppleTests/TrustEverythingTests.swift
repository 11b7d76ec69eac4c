#if canImport(Security)
    import Foundation
    import MockAuthTesting
    import Security
    import Testing

    /// A URLSession delegate with the mistake the TLS rejection scenarios exist to catch: it answers
    /// every server-trust challenge with the server's own trust, unevaluated. Every other challenge
    /// gets the default handling.
    final class TrustEverythingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                let trust = challenge.protectionSpace.serverTrust
            else {
                completionHandler(.performDefaultHandling, nil)
                return
            }
            completionHandler(.useCredential, URLCredential(trust: trust))
        }
    }

    /// URLSession with ``TrustEverythingDelegate``, making the scenario's requests as ``URLSessionClient`` does.
    let trustEverything = URLSessionClient(name: "URLSession trusting every certificate") { _ in
        TrustEverythingDelegate()
    }

    /// The scenarios catch the defective delegate: it fails every certificate it should have
    /// refused, and passes the control, so the failures are for the right reason.
    @Suite("A delegate that trusts every certificate is caught")
    struct TrustEverythingTests {
        @Test(
            "fails each rejection scenario, for the request it sent over the certificate",
            arguments: ["tls-expired", "tls-wrong-host", "tls-untrusted-root", "tls-self-signed"])
        func verdict(_ name: String) async throws {
            let run = try await judged(name, with: trustEverything)
            // A refusal here would be ATS's own, not the delegate's: the delegate accepts everything.
            await AppleAssumption.atsLeavesTrustToDelegate.check { run.observe(.fail) }
            if run.verdict.result == .fail {
                #expect(run.verdict.violations.map(\.rule) == [.scenario("rejects-certificate")], "\(run.explanation)")
            }
        }

        @Test("passes their control, tls-valid, so the failures are for the certificates")
        func control() async throws {
            let run = try await judged("tls-valid", with: trustEverything)
            #expect(run.verdict.result == .pass, "\(run.explanation)")
        }
    }
#endif
