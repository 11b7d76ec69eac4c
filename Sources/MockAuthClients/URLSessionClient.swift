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
/// What it can exercise depends on the platform, and ``lacks`` says so, so that the runner
/// skips with a reason instead of failing for the wrong one:
///
/// | | Apple platforms | Linux (FoundationNetworking, Swift 6.3) |
/// |---|---|---|
/// | custom trust anchors | yes (server-trust challenge, anchors only) | no: only the system store, TLS errors are -1 |
/// | pinning | yes, after chain validation | no |
/// | client certificates | yes (identity from the PKCS#12, in memory) | no |
/// | Basic 401 | yes | yes (a realm is needed) |
/// | Digest (MD5), NTLM, Negotiate 401 | the system answers (assumed, see below) | no: they come back as raw 401s |
/// | Digest with SHA-256 | not expected: Apple documents no Digest algorithm, and Safari, on the same stack, lists MD5 only | no |
/// | proxies (407) | an HTTP CONNECT `ProxyConfiguration`, no failover, the account applied with `applyCredential` | no |
/// | HTTPS proxies (TLS to the proxy) | yes (its certificate checked against the anchors, for its host) | no |
/// | SOCKS5 proxies, RFC 1929 | yes (`ProxyConfiguration(socksv5Proxy:)`, `applyCredential`) | no |
/// | cookies | yes (the ephemeral session's own `HTTPCookieStorage`) | yes, but Path and deletions are ignored |
/// | HSTS (Strict-Transport-Security) | the system's own store, not run here (the HSTS scenarios name hosts under `.test`, which need host names) | no: it keeps no policy |
///
/// On Apple platforms, what the Apple column rests on where Apple does not document it (the
/// system's Digest, NTLM and proxy behaviour, App Transport Security and loopback) is a named
/// assumption that the Apple tests report as held or failed: docs/platforms.md lists them. Run it
/// with ``ServerAddressing/localhost`` (`ScenarioRunner(addressing: .localhost)`), whose URLs name
/// `localhost`, which ATS lets an app reach without exceptions.
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

    public var lacks: Set<ClientFeature> {
        #if canImport(FoundationNetworking)
            let digests = AuthSchemeSpec.allCases.filter { $0.httpScheme == .digest }.map(ClientFeature.scheme)
            return Set(digests).union([
                .customTrustAnchors, .clientCertificate, .pinning, .proxy, .httpsProxy, .socks, .socksAuth,
                .scheme(.ntlm), .scheme(.negotiate), .kerberos, .hostNames, .hsts, .tokenRefresh,
            ])
        #else
            // URLSession resolves through the system: a name under .test needs the machine's hosts
            // file (the simulator uses the Mac's), which an in-process client cannot set. It sends
            // the token it is given and never refreshes it (refreshing is the app's code).
            return [.hostNames, .tokenRefresh]
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
            if let proxy = context.proxy {
                guard let proxyConfiguration = proxy.configuration(trustAnchorsDER: context.trustAnchorsDER) else {
                    return ClientReport(notAttempted: "the proxy's port \(proxy.port) is not a TCP port")
                }
                configuration.proxyConfigurations = [proxyConfiguration]
            }
        #endif
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var report = ClientReport()
        for (index, url) in context.urls.enumerated() {
            await context.pause(before: index)
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
