import MockAuth

/// A client under test, as MockAuth drives it: given what a scenario hands a client, make the
/// scenario's requests and report what happened. The verdict comes from the servers, not from the
/// report; the report is for messages and for telling "refused" from "could not try".
///
/// Implement it for your own client, or use a built-in one (``CommandClient``, ``URLSessionClient``,
/// and `AsyncHTTPClientClient` in the `MockAuthAsyncHTTPClient` product):
///
/// ```swift
/// struct MyClient: ChallengeClient {
///     let name = "MyClient"
///     func perform(_ context: ClientContext) async -> ClientReport {
///         var report = ClientReport()
///         for url in context.urls {
///             do { report.record(url, status: try await myFetch(url, trusting: context.caCertificatePEM)) }
///             catch { report.record(url, error: error) }
///         }
///         return report
///     }
/// }
/// ```
public protocol ChallengeClient: Sendable {
    /// The name reports use ("URLSession", "curl" …).
    var name: String { get }
    /// What this client cannot do at all; scenarios that need one of these are skipped, with the reason.
    var unsupported: Set<ClientCapability> { get }
    /// Makes the scenario's requests (``ClientContext/urls``, in order) and reports the outcomes.
    /// Errors of the client under test belong in the report, not thrown.
    func perform(_ context: ClientContext) async -> ClientReport
}

extension ChallengeClient {
    public var unsupported: Set<ClientCapability> { [] }
}

/// Something a scenario may need from a client.
public struct ClientCapability: Sendable, Hashable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) { self.name = name }

    /// Trusting anchors it is given (instead of, or besides, the system store). Names match
    /// `Scenario.features` (and `mockauthd conform --lacks`).
    public static let customTrustRoots = ClientCapability("custom-ca")
    /// Presenting a client certificate.
    public static let clientCertificate = ClientCapability("client-cert")
    /// Pinning a public key.
    public static let pinning = ClientCapability("pinning")
    /// Answering 401 challenges with credentials.
    public static let originAuthentication = ClientCapability("origin-auth")
    /// Using a proxy.
    public static let proxy = ClientCapability("proxy")
    /// Digest, NTLM, Negotiate, Bearer (each by name, e.g. `ClientCapability("ntlm")`).
    public static func scheme(_ name: String) -> ClientCapability { ClientCapability(name.lowercased()) }

    public var description: String { name }
}
