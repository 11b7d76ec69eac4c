import AsyncHTTPClient
import Foundation
import MockAuthClients
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// AsyncHTTPClient as a service would configure it: the scenario's anchor as its only trust root,
/// the client identity, the proxy (Basic proxy credentials, CONNECT for https; a SOCKS5 proxy without
/// authentication through `Proxy.socksServer`), and Basic answered
/// once after a 401 (AsyncHTTPClient answers no challenge by itself). Redirects are AsyncHTTPClient's own.
///
/// ```swift
/// let report = try await replay(tagged: "tls", with: AsyncHTTPClientClient())
/// ```
public struct AsyncHTTPClientClient: ChallengeClient {
    public let name = "AsyncHTTPClient"

    public init() {}

    /// It answers Basic and sends the bearer token; it has no Digest, NTLM or Negotiate, no pinning,
    /// and no cookie store (it parses `Set-Cookie` into a response's `cookies`, and keeps none). Its
    /// proxy (`HTTPClient.Configuration.Proxy`) is reached in plain HTTP only, TLS going to the
    /// origin after the CONNECT: it cannot speak TLS to an HTTPS proxy. Its SOCKS5 proxy
    /// (`.socksServer`) sends the origin's name for the proxy to resolve, and offers only "no
    /// authentication": it cannot answer RFC 1929's username/password step. It keeps no
    /// Strict-Transport-Security policy (no HSTS store): an `http://` URL is requested as given. Its
    /// proxy applies to every request: it has no list of hosts to reach without it (no `NO_PROXY`).
    /// It answers no `Negotiate`, so no Kerberos either. It sends the token it is given and never
    /// refreshes it (no OAuth 2.0 token endpoint).
    public var lacks: Set<ClientFeature> {
        let schemes = AuthSchemeSpec.allCases.filter { $0 != .basic && $0 != .bearer }.map(ClientFeature.scheme)
        return Set(schemes).union([
            .pinning, .httpsProxy, .socksAuth, .noProxy, .cookies, .hsts, .kerberos, .tokenRefresh,
        ])
    }

    public func perform(_ context: ClientContext) async -> ClientReport {
        let client: HTTPClient
        do {
            client = try makeClient(context)
        } catch {
            return ClientReport(notAttempted: "cannot configure AsyncHTTPClient: \(error)")
        }
        var report = ClientReport()
        for (index, url) in context.urls.enumerated() {
            await context.pause(before: index)
            do {
                report.record(url, status: try await fetch(url, client: client, context: context))
            } catch {
                report.record(url, error: error)
            }
        }
        try? await client.shutdown()
        return report
    }

    private func makeClient(_ context: ClientContext) throws -> HTTPClient {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let pem = context.caCertificatePEM {
            // Every anchor of the file (tls-cross-signed gives two roots).
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)))
        }
        if let identity = context.identity {
            tls.certificateChain = [
                .certificate(try NIOSSLCertificate(bytes: Array(identity.certificatePEM.utf8), format: .pem))
            ]
            tls.privateKey = .privateKey(try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem))
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.connectionPool.retryConnectionEstablishment = false
        // Names under .test reach their server through AsyncHTTPClient's own resolution override;
        // the certificate is still checked against the name.
        configuration.dnsOverride = Dictionary(
            context.hostMappings.map { ($0.name, $0.address) }, uniquingKeysWith: { first, _ in first })
        if let proxy = context.proxy {
            switch proxy.scheme {
            case .http, .https:
                // An https:// proxy is refused before this (`https-proxy` is lacking).
                let authorization = proxy.credentials.map {
                    HTTPClient.Authorization.basic(username: $0.username, password: $0.password)
                }
                configuration.proxy = .server(host: proxy.host, port: proxy.port, authorization: authorization)
            case .socks5, .socks5h:
                // Its CONNECT names the target as the URL does: a name (the proxy resolves it) unless
                // dnsOverride turned it into an address, which a remote-DNS scenario never maps.
                configuration.proxy = .socksServer(host: proxy.host, port: proxy.port)
            }
        }
        return HTTPClient(
            // NIOPosix and NIOSSL on every platform: on Apple platforms `.singleton` would be
            // Network.framework (NIOTS), which decides trust with SecTrust and aborts on a client identity.
            eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
    }

    /// GET, and once more with Basic credentials if the server challenged with Basic.
    private func fetch(_ url: String, client: HTTPClient, context: ClientContext) async throws -> Int {
        let timeout = TimeAmount.seconds(Int64(context.requestTimeoutSeconds))
        var request = HTTPClientRequest(url: url)
        if let token = context.token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for field in context.headers { request.headers.add(name: field.name, value: field.value) }
        request.method = HTTPMethod(rawValue: context.method)
        if let body = context.body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let first = try await client.execute(request, timeout: timeout)
        _ = try await first.body.collect(upTo: 1 << 20)
        let challenges = first.headers["WWW-Authenticate"].joined(separator: ", ").lowercased()
        guard first.status == .unauthorized, challenges.contains("basic"), let account = context.credentials else {
            return Int(first.status.code)
        }
        let secret = Data("\(account.username):\(account.password)".utf8).base64EncodedString()
        request.headers.replaceOrAdd(name: "Authorization", value: "Basic \(secret)")
        let second = try await client.execute(request, timeout: timeout)
        _ = try await second.body.collect(upTo: 1 << 20)
        return Int(second.status.code)
    }
}
