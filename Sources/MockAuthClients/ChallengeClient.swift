import MockAuth

/// A client under test written in Swift: given what a scenario hands a client, make the scenario's
/// requests and report what happened. The verdict comes from the servers, not from the report; the
/// report is for messages and for telling "refused" from "could not try".
///
/// Implement it for your own client, or use a built-in one (``URLSessionClient``, and
/// `AsyncHTTPClientClient` in the `MockAuthAsyncHTTPClient` product):
///
/// ```swift
/// struct MyClient: ChallengeClient {
///     let name = "MyClient"
///     func perform(_ context: ClientContext) async -> ClientReport {
///         var report = ClientReport()
///         for (index, url) in context.urls.enumerated() {
///             await context.pause(before: index)  // MOCKAUTH_PAUSE_SECONDS, when the scenario asks for one
///             do { report.record(url, status: try await myFetch(url, trusting: context.caCertificatePEM)) }
///             catch { report.record(url, error: error) }
///         }
///         return report
///     }
/// }
/// ```
public protocol ChallengeClient: ScenarioClient {
    /// Makes the scenario's requests (``ClientContext/urls``, in order) and reports the outcomes.
    /// Errors of the client under test belong in the report, not thrown.
    func perform(_ context: ClientContext) async -> ClientReport
}

extension ChallengeClient {
    /// Performs the scenario's requests with a context built from `run`; each request may take up to
    /// `timeoutSeconds` divided among the scenario's URLs (at least one second each).
    public func exercise(_ run: ScenarioRun, timeoutSeconds: Int) async throws -> ClientReport {
        let perRequest = max(1, timeoutSeconds / max(1, run.urls.count))
        return await perform(ClientContext(run, requestTimeoutSeconds: min(perRequest, 30)))
    }
}
