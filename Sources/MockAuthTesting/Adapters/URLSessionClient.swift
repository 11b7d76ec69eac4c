import Foundation
import MockAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession as the seeds' clients use it: a task delegate answers HTTP authentication challenges
/// with the scenario's credentials (giving up after the third refusal), and, on Apple platforms,
/// evaluates server trust against the scenario's anchor only.
///
/// What it can exercise depends on the platform, and ``unsupported`` says so, so that ``replay(_:catalog:with:)``
/// skips with a reason instead of failing for the wrong one:
///
/// | | Apple platforms | Linux (FoundationNetworking, Swift 6.3) |
/// |---|---|---|
/// | custom trust anchors | yes (server-trust challenge) | no: only the system store, TLS errors are -1 |
/// | client certificates | not by this adapter | no |
/// | Basic 401 | yes | yes (a realm is needed; per-request timeouts guard the 6.3.1 hang) |
/// | Digest, NTLM, Negotiate 401 | yes (the system answers) | no: they come back as raw 401s |
/// | proxies (407) | not by this adapter | no |
public struct URLSessionClient: ChallengeClient {
    public let name = "URLSession"

    public init() {}

    public var unsupported: Set<ClientCapability> {
        #if canImport(FoundationNetworking)
            let limits: Set<ClientCapability> = [
                .customTrustRoots, .clientCertificate, .pinning, .proxy, .scheme("ntlm"), .scheme("negotiate"),
                .scheme("bearer"),
            ]
            return limits.union(AuthSchemeSpec.all.filter { $0.digestAlgorithm != nil }.map { .scheme($0.name) })
        #else
            return [.clientCertificate, .pinning, .proxy, .scheme("bearer")]
        #endif
    }

    public func perform(_ context: ClientContext) async -> ClientReport {
        let delegate = ChallengeAnsweringDelegate(context: context)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = TimeInterval(context.requestTimeoutSeconds)
        configuration.timeoutIntervalForResource = TimeInterval(context.requestTimeoutSeconds)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var report = ClientReport()
        for url in context.urls {
            guard let target = URL(string: url) else {
                report.outcomes.append(ClientReport.Outcome(url: url, error: "not a URL"))
                continue
            }
            var request = URLRequest(url: target)
            request.timeoutInterval = TimeInterval(context.requestTimeoutSeconds)
            if let token = context.token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
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

/// Answers authentication challenges the way a careful app delegate does.
private final class ChallengeAnsweringDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let context: ClientContext

    init(context: ClientContext) {
        self.context = context
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let method = challenge.protectionSpace.authenticationMethod
        #if canImport(Security)
            if method == NSURLAuthenticationMethodServerTrust {
                let (disposition, credential) = AppleServerTrust.evaluate(
                    challenge, anchorDER: context.caCertificateDER)
                completionHandler(disposition, credential)
                return
            }
        #endif
        let passwordMethods = [
            NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodNTLM,
            NSURLAuthenticationMethodNegotiate, NSURLAuthenticationMethodDefault,
        ]
        guard passwordMethods.contains(method), let account = context.credentials, challenge.previousFailureCount < 3
        else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        let user = method == NSURLAuthenticationMethodNTLM ? account.domain.map { "\($0)\\\(account.username)" } : nil
        completionHandler(
            .useCredential,
            URLCredential(user: user ?? account.username, password: account.password, persistence: .forSession))
    }
}
