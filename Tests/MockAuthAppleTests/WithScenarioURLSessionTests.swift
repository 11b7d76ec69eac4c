#if canImport(Security)
    import Foundation
    import MockAuthTesting
    import Security
    import Testing

    /// `withScenario` as the README tells an app's unit tests to use it: URLSession with a delegate
    /// of the app's (here the careful ``URLSessionChallengeAnswerer`` and the defective
    /// ``TrustEverythingDelegate``), the scenario's control judged too.
    @Suite("withScenario with URLSession")
    struct WithScenarioURLSessionTests {
        /// One GET of the run's URL through an ephemeral session with `delegate`.
        static func fetch(_ run: ScenarioRun, delegate: any URLSessionTaskDelegate) async {
            let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
            defer { session.invalidateAndCancel() }
            if let url = URL(string: run.url) { _ = try? await session.data(from: url) }
        }

        @Test("tls-expired with the careful delegate: PASS, its control tls-valid passed too")
        func careful() async throws {
            let verdict = try await withScenario("tls-expired", addressing: .localhost) { run in
                #expect(run.url.hasPrefix("https://localhost:"))
                await Self.fetch(run, delegate: try URLSessionChallengeAnswerer(context: ClientContext(run)))
            }
            await AppleAssumption.atsAllowsLocalhost.check {
                AssumptionObservation(
                    held: verdict.result == .pass && verdict.control?.result == .pass, evidence: verdict.report)
            }
        }

        @Test("tls-expired with a delegate that trusts everything: FAIL, for the request it sent")
        func defective() async throws {
            let verdict = try await withScenario("tls-expired", addressing: .localhost) { run in
                await Self.fetch(run, delegate: TrustEverythingDelegate())
            }
            await AppleAssumption.atsLeavesTrustToDelegate.check {
                AssumptionObservation(held: verdict.result == .fail, evidence: verdict.report)
            }
        }
    }
#endif
