/// A small HTTPS client on AsyncHTTPClient that is careful with trust and credentials.
///
/// - It trusts what its ``TrustPolicy`` says, checks pins before any request goes out, and presents
///   a ``ClientIdentity`` when asked.
/// - It answers `401` challenges itself, with the strongest scheme it knows (Digest SHA-256, Digest
///   MD5, Basic; never Basic when Digest is offered), using only the credential stored in
///   ``credentials`` for the challenge's exact ``ProtectionSpace``. It answers once, retries once on
///   a Digest `stale=true`, and never offers a refused credential again.
/// - After a success it sends the same credentials to later URLs of that protection space without
///   waiting for a challenge (Digest with the next nonce count); never to any other.
/// - It follows up to ``SecureFetchConfiguration/maximumRedirects`` redirects itself, dropping a
///   caller's `Authorization` when the scheme, host or port changes.
///
/// Shut it down when done (``shutdown()``), or use ``withSecureFetchClient(_:credentials:_:)``.
///
/// ```swift
/// let credentials = CredentialStore()
/// credentials.set(Credential(user: "alice", password: "…"), for: try ProtectionSpace(url: url, realm: "staff"))
/// try await withSecureFetchClient(SecureFetchConfiguration(trust: .caOnly(roots: [rootPEM])), credentials: credentials) { client in
///     let response = try await client.get(url)
///     print(response.status, response.text)
/// }
/// ```
public final class SecureFetchClient: Sendable {
    /// How the client connects.
    public let configuration: SecureFetchConfiguration
    /// The credentials it may answer challenges with, by protection space.
    public let credentials: CredentialStore
    private let transport: Transport
    private let cache = AuthCache()

    /// Creates a client; throws ``SecureFetchError/Code/invalidConfiguration`` when a PEM or pin in
    /// `configuration` does not parse.
    public init(_ configuration: SecureFetchConfiguration = .init(), credentials: CredentialStore = CredentialStore())
        throws
    {
        self.configuration = configuration
        self.credentials = credentials
        transport = try Transport(configuration: configuration)
    }

    /// GETs `url`.
    public func get(_ url: String, headers: [HTTPHeader] = []) async throws -> SecureFetchResponse {
        try await execute(SecureFetchRequest(url: url, headers: headers))
    }

    /// Sends `request`, following redirects and answering challenges.
    ///
    /// - Returns: the final response; a `401` when no stored credential could answer the challenge
    ///   or the server refused it.
    /// - Throws: ``SecureFetchError``: `connectionFailed` for a refused certificate, `pinMismatch`,
    ///   `tooManyRedirects` …
    public func execute(_ request: SecureFetchRequest) async throws -> SecureFetchResponse {
        var hop = try Hop(request)
        var visited: [String] = []
        while true {
            var response = try await authenticated(hop)
            guard let next = try hop.redirected(by: response) else {
                response.redirectedFrom = visited
                return response
            }
            visited.append(hop.target.url.absoluteString)
            guard visited.count <= configuration.maximumRedirects else {
                throw SecureFetchError(
                    .tooManyRedirects, "more than \(configuration.maximumRedirects) redirects from \(request.url)")
            }
            hop = next
        }
    }

    /// Stops the client's connection pool. Call it once, when done.
    public func shutdown() async throws {
        try await transport.shutdown()
    }

    /// One URL: sends it, answering any 401 as ``AuthExchange`` decides.
    private func authenticated(_ hop: Hop) async throws -> SecureFetchResponse {
        if let everywhere = configuration.insecureBasicForEveryRequest {
            let headers =
                hop.headers + [HTTPHeader(name: "Authorization", value: BasicAuthorization.value(for: everywhere))]
            return try await transport.send(method: hop.method, target: hop.target, headers: headers, body: hop.body)
        }
        // A caller's own Authorization is sent as given; the client stays out of that request.
        let callerAuthorizes = !hop.headers.values(of: "Authorization").isEmpty
        var attempt = callerAuthorizes ? nil : cache.preemptive(for: hop.target)
        var exchange = AuthExchange()
        while true {
            var headers = hop.headers
            if let attempt {
                let value = attempt.authorization(method: hop.method, uri: hop.target.pathAndQuery, body: hop.body)
                headers.append(HTTPHeader(name: "Authorization", value: value))
            }
            let response = try await transport.send(
                method: hop.method, target: hop.target, headers: headers, body: hop.body)
            guard response.status == 401, !callerAuthorizes else {
                if let attempt { cache.remember(attempt, for: hop.target) }
                return response
            }
            let challenges = AuthChallenge.parse(response.headers.values(of: "WWW-Authenticate"))
            switch exchange.challenged(
                after: attempt, by: challenges, on: hop.target, credentials: credentials.credential)
            {
            case .answer(let next):
                attempt = next
            case .deliver(let refused):
                if let refused {
                    credentials.markRefused(refused)
                    cache.forget(refused)
                }
                return response
            }
        }
    }
}

/// Creates a client, runs `body` with it, and shuts it down whether `body` returns or throws.
public func withSecureFetchClient<Result>(
    _ configuration: SecureFetchConfiguration = .init(),
    credentials: CredentialStore = CredentialStore(),
    _ body: (SecureFetchClient) async throws -> Result
) async throws -> Result {
    let client = try SecureFetchClient(configuration, credentials: credentials)
    do {
        let result = try await body(client)
        try await client.shutdown()
        return result
    } catch {
        try? await client.shutdown()
        throw error
    }
}
