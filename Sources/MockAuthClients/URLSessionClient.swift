import Foundation
import MockAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Network)
    import Network
#endif

/// URLSession as a careful app uses it. Its delegate (``URLSessionChallengeAnswerer``) answers every
/// challenge the way the scenario asks: server trust against the scenario's anchor only, then its
/// pins; a client-certificate challenge with the scenario's identity; Basic, Digest, NTLM (with the
/// domain) and Negotiate challenges, from the origin (401) and from the proxy (407), each with its
/// own credentials, giving up after the third refusal.
///
/// What it can exercise depends on the platform, and ``unsupported`` says so, so that the runner
/// skips with a reason instead of failing for the wrong one:
///
/// | | Apple platforms | Linux (FoundationNetworking, Swift 6.3) |
/// |---|---|---|
/// | custom trust anchors | yes (server-trust challenge, anchors only) | no: only the system store, TLS errors are -1 |
/// | pinning | yes, after chain validation | no |
/// | client certificates | yes (identity from the PKCS#12, in memory) | no |
/// | Basic 401 | yes | yes (a realm is needed) |
/// | Digest, NTLM, Negotiate 401 | yes (the system answers) | no: they come back as raw 401s |
/// | proxies (407) | yes (an HTTP CONNECT proxy configuration) | no |
/// | HTTPS proxies (TLS to the proxy) | not configured: the proxy is reached in plain HTTP | no |
/// | SOCKS5 proxies | not configured | no |
public struct URLSessionClient: ChallengeClient {
    public let name: String
    /// Makes the session's delegate for a run.
    private let makeDelegate: @Sendable (ClientContext) throws -> any URLSessionTaskDelegate

    /// URLSession with ``URLSessionChallengeAnswerer``, the careful delegate.
    public init() {
        self.init(name: "URLSession") { context in try URLSessionChallengeAnswerer(context: context) }
    }

    /// URLSession making the scenario's requests as ``init()`` does, with your own
    /// delegate: judge the delegate of your app with the scenarios.
    ///
    /// ```swift
    /// let mine = URLSessionClient(name: "MyTrustDelegate") { context in
    ///     MyTrustDelegate(anchors: try context.trustAnchorCertificates())
    /// }
    /// let report = try await replay(tagged: "tls", with: mine)
    /// ```
    ///
    /// - Parameters:
    ///   - name: the client's name in reports.
    ///   - delegate: makes the session's delegate from what the scenario gives the client; a thrown
    ///     error is reported as "the client did not try".
    public init(name: String, delegate: @escaping @Sendable (ClientContext) throws -> any URLSessionTaskDelegate) {
        self.name = name
        makeDelegate = delegate
    }

    public var unsupported: Set<ClientFeature> {
        #if canImport(FoundationNetworking)
            let digests = AuthSchemeSpec.allCases.filter { $0.httpScheme == .digest }.map(ClientFeature.scheme)
            return Set(digests).union([
                .customTrustAnchors, .clientCertificate, .pinning, .proxy, .httpsProxy, .socks, .socksAuth,
                .scheme(.ntlm),
                .scheme(.negotiate), .hostNames,
            ])
        #else
            // URLSession resolves through the system: a name under .test needs the machine's hosts
            // file (the simulator uses the Mac's), which an in-process client cannot set. Its proxy
            // configuration is a plain HTTP CONNECT proxy: it does not speak TLS to the proxy, nor SOCKS.
            return [.hostNames, .httpsProxy, .socks, .socksAuth]
        #endif
    }

    public func perform(_ context: ClientContext) async -> ClientReport {
        let delegate: any URLSessionTaskDelegate
        do {
            delegate = try makeDelegate(context)
        } catch {
            return ClientReport(notAttempted: "cannot load the scenario's material: \(error)")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = TimeInterval(context.requestTimeoutSeconds)
        configuration.timeoutIntervalForResource = TimeInterval(context.requestTimeoutSeconds)
        #if canImport(Network)
            if let proxy = context.proxy, let port = NWEndpoint.Port(rawValue: UInt16(clamping: proxy.port)) {
                // Credentials are not applied up front: the delegate answers the proxy's 407.
                configuration.proxyConfigurations = [
                    ProxyConfiguration(httpCONNECTProxy: .hostPort(host: NWEndpoint.Host(proxy.host), port: port))
                ]
            }
        #endif
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var report = ClientReport()
        for url in context.urls {
            guard let target = URL(string: url) else {
                report.responses.append(ClientReport.Response(url: url, error: "not a URL"))
                continue
            }
            var request = URLRequest(url: target)
            request.timeoutInterval = TimeInterval(context.requestTimeoutSeconds)
            if let token = context.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            for field in context.headers { request.addValue(field.value, forHTTPHeaderField: field.name) }
            request.httpMethod = context.method
            if let body = context.body { request.httpBody = Data(body) }
            do {
                let (_, response) = try await session.data(for: request)
                report.record(url, status: (response as? HTTPURLResponse)?.statusCode ?? 0)
            } catch {
                report.record(url, error: error)
            }
        }
        return report
    }
}
